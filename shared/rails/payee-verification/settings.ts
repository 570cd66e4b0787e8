import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * What a NOT_POSSIBLE payee check does to a new bank: `confirm` holds it until a member confirms it in the console,
 * `proceed` treats it as MATCH. The deployment's default, and an organization's own choice (`org update`).
 */
export const WhenNotPossibleSchema = z.enum(['confirm', 'proceed']);

/** Verification of Payee (shared/rails/payee-verification/README.md). */
export const PayeeVerificationSettings = {
  url: setting(
    'PAYEE_VERIFICATION_URL',
    z.optional(z.url({ protocol: /^https?$/ })),
    SETTINGS_ABOUT && {
      description: "The organization's bank's Verification of Payee service; unset, the sandbox stand-in answers.",
      unset: 'the sandbox stand-in',
      deploy: { key: 'payeeVerificationUrl', schema: z.url({ protocol: /^https$/ }) },
    },
  ),
  whenNotPossible: setting(
    'PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE',
    z.prefault(WhenNotPossibleSchema, 'confirm'),
    SETTINGS_ABOUT && {
      description:
        'What a NOT_POSSIBLE payee check does to a new bank, for organizations that have not chosen: `confirm` (a member confirms the bank) or `proceed`.',
      deploy: { key: 'payeeVerificationWhenNotPossible' },
    },
  ),
};
