import * as z from '#shared/validation/zod.ts';

/**
 * The KYC providers the service has an adapter for (`providers.ts`). An organization names its own
 * (`kycProvider`); a live organization without one verifies its customers through its own reviewers.
 */
export const KYC_PROVIDER_NAMES = ['sumsub'] as const;
export const KycProviderNameSchema = z.enum(KYC_PROVIDER_NAMES);
export type KycProviderName = z.infer<typeof KycProviderNameSchema>;
