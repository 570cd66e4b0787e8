import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** KYC (a field at the configuration's root). */
export const KycSettings = {
  kycFlowBaseUrl: setting(
    'KYC_FLOW_BASE_URL',
    z.prefault(z.url(), 'https://kyc.sandbox.payouts.dev/flow'),
    SETTINGS_ABOUT && {
      description: 'Where a KYC flow a customer is sent to starts.',
      deploy: { key: 'kycFlowBaseUrl', schema: z.url({ protocol: /^https$/ }) },
    },
  ),
};

/** KYC documents (`POST /customers/{id}/documents`). */
export const DocumentSettings = {
  bucket: setting(
    'KYC_DOCUMENTS_BUCKET',
    z.optional(z.string().check(z.minLength(3))),
    SETTINGS_ABOUT && {
      description:
        'AWS: the private, encrypted bucket of uploaded KYC documents (the CDK stack sets it). Locally: a bucket on the S3 API of fauxqs.',
    },
  ),
  endpoint: setting(
    'S3_ENDPOINT',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'Locally: the S3-compatible endpoint (fauxqs, path-style); unset in AWS.',
    },
  ),
};
