import { setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** KYC (a field at the configuration's root). */
export const KycSettings = {
  kycFlowBaseUrl: setting({
    variable: 'KYC_FLOW_BASE_URL',
    schema: z.url(),
    default: 'https://kyc.sandbox.payouts.dev/flow',
    description: 'Where a KYC flow a customer is sent to starts.',
  }),
};

/** KYC documents (`POST /customers/{id}/documents`). */
export const DocumentSettings = {
  bucket: setting({
    variable: 'KYC_DOCUMENTS_BUCKET',
    schema: z.optional(z.string().check(z.minLength(3))),
    description:
      'AWS: the private, encrypted bucket of uploaded KYC documents (the CDK stack sets it). Locally: a bucket on the S3 API of fauxqs.',
  }),
  endpoint: setting({
    variable: 'S3_ENDPOINT',
    schema: z.optional(z.url()),
    description: 'Locally: the S3-compatible endpoint (fauxqs, path-style); unset in AWS.',
  }),
};
