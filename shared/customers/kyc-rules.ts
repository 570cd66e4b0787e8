import { CustomerStateChangedError, changeKycStatus } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';

export const KYC_STATUS_CHANGED = refusal(409, 'Customer KYC status changed concurrently, please retry');
export const KYC_FOR_INDIVIDUALS_ONLY = refusal(400, 'KYC link generation is not available for corporate customers');
export const KYC_ALREADY_APPROVED = refusal(409, 'Customer KYC is already approved');
export const KYC_ALREADY_REJECTED = refusal(409, 'Customer KYC is already rejected');

export async function changeKycStatusOrConflict(deps: Deps, input: Parameters<typeof changeKycStatus>[1]) {
  try {
    return await changeKycStatus(deps.db, input);
  } catch (error) {
    if (error instanceof CustomerStateChangedError) throw KYC_STATUS_CHANGED.error();
    throw error;
  }
}
