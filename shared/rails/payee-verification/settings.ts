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
      description:
        "The Verification of Payee provider live organizations' EUR banks are checked with (EPC codes, bearer key); unset, their checks are NOT_POSSIBLE.",
      unset: 'live checks NOT_POSSIBLE',
      deploy: { key: 'payeeVerificationUrl', schema: z.url({ protocol: /^https$/ }) },
    },
  ),
  apiKeySecret: setting(
    'PAYEE_VERIFICATION_API_KEY_SECRET',
    z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
    SETTINGS_ABOUT && {
      description:
        "Secrets Manager secret (name or ARN) holding the provider's API key, sent as a bearer token; needed with the URL.",
      unset: 'live checks NOT_POSSIBLE',
      deploy: { key: 'payeeVerificationApiKeySecret' },
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
