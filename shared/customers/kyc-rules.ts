import { CustomerStateChangedError, changeKycStatus } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';

export const KYC_STATUS_CHANGED = refusal(409, 'Customer KYC status changed concurrently, please retry');
export const KYC_FOR_INDIVIDUALS_ONLY = refusal(400, 'KYC link generation is not available for corporate customers');
export const KYC_ALREADY_APPROVED = refusal(409, 'Customer KYC is already approved');
export const KYC_ALREADY_REJECTED = refusal(409, 'Customer KYC is already rejected');
export const KYC_NOT_INITIATED =
  'Customer must initiate KYC verification first. Call POST /customers/{customerId}/kyc to start.';
export const KYC_IN_REVIEW = 'Verification review is already in progress for this customer';
export const NOT_INITIATED = refusal(400, KYC_NOT_INITIATED);
export const IN_REVIEW = refusal(409, KYC_IN_REVIEW);

export async function changeKycStatusOrConflict(deps: Deps, input: Parameters<typeof changeKycStatus>[1]) {
  try {
    return await changeKycStatus(deps.db, input);
  } catch (error) {
    if (error instanceof CustomerStateChangedError) throw KYC_STATUS_CHANGED.error();
    throw error;
  }
}
export const KYC_REJECTED_FOR_GOOD = refusal(409, 'Customer KYC was rejected for good; it cannot be started again');
export const KYB_COMPANY_REQUIRED = refusal(400, 'A corporate is verified with its registered company (KYB)');
export const KYB_FOR_CORPORATES_ONLY = refusal(400, 'An individual is verified without a company');
export const KYC_PROVIDER_UNAVAILABLE = refusal(503, 'The KYC provider is not available, please retry later');
