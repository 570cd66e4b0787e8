import { CustomerStateChangedError, changeKycStatus } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';

export async function changeKycStatusOrConflict(deps: Deps, input: Parameters<typeof changeKycStatus>[1]) {
  try {
    return await changeKycStatus(deps.db, input);
  } catch (error) {
    if (error instanceof CustomerStateChangedError) {
      throw new ConflictError('Customer KYC status changed concurrently, please retry');
    }
    throw error;
  }
}
