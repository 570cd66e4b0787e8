import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** KYC providers (`config.kycProviders`): where their credentials are and how their webhooks are taken. */
export const KycProviderSettings = {
  secretId: setting(
    'KYC_PROVIDER_SECRET_ID',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description:
        'The Secrets Manager secret holding the providers\' credentials as JSON (`{"sumsub": {"appToken", "secretKey", "webhookSecret"}}`). The CDK stack sets it for the functions that call a provider.',
      unset: 'no provider: live organizations set to one cannot start KYC (503)',
    },
  ),
  sumsubBaseUrl: setting(
    'SUMSUB_BASE_URL',
    z.prefault(z.url(), 'https://api.sumsub.com'),
    SETTINGS_ABOUT && {
      description: "Sumsub's API (locally the stand-in's, which also serves the hosted page).",
      deploy: { key: 'sumsubBaseUrl' },
    },
  ),
  kybLevel: setting(
    'SUMSUB_KYB_LEVEL',
    z.prefault(z.string().check(z.minLength(1)), 'companies-api-basic'),
    SETTINGS_ABOUT && {
      description:
        "The Sumsub level corporates are verified at (KYB); individuals use their customer's `kyc.levelName`.",
      deploy: { key: 'sumsubKybLevel' },
    },
  ),
  webhookMaxAgeSeconds: setting(
    'KYC_WEBHOOK_MAX_AGE_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(60), z.lte(7 * 86_400)), 86_400),
    SETTINGS_ABOUT && {
      description:
        "A provider's webhook made longer ago than this is refused as a replay; the default covers Sumsub's resends (5 min, 1 h, 5 h, 18 h).",
    },
  ),
};
