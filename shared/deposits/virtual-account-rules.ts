import { getCustomer } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import { getVirtualAccountOfCustomer } from '#shared/deposits/virtual-account-repository.ts';
import { ConflictError, NotFoundError } from '#shared/errors.ts';

export const VIRTUAL_ACCOUNT_NOT_FOUND = 'Virtual account not found';

export type Where = { organizationId: string; customerId: string };

/** The 409 of a decision on an account that is no longer PENDING. */
export const notPending = (verb: 'approved' | 'rejected', status: string) =>
  new ConflictError(`Only a PENDING virtual account can be ${verb}; this one is ${status}`);

/** The 409 for a decision that lost a race: the account's state as another decision left it. */
export async function decidedMeanwhile(
  db: Db,
  input: Where & { virtualAccountId: string },
  verb: 'approved' | 'rejected',
): Promise<ConflictError> {
  const current = await getVirtualAccountOfCustomer(db, input.organizationId, input.customerId, input.virtualAccountId);
  return notPending(verb, current?.status ?? 'gone');
}

/**
 * The PENDING account a decision (approve, reject) is about: 404 for a missing customer or account, 409 when it
 * was decided already.
 */
export async function pendingVirtualAccount(
  db: Db,
  input: Where & { virtualAccountId: string },
  verb: 'approved' | 'rejected',
): Promise<VirtualAccountRecord> {
  const account = await getVirtualAccountOfCustomer(db, input.organizationId, input.customerId, input.virtualAccountId);
  if (!account) {
    // An account lives in its customer's partition, so only when it is missing is the customer worth a read.
    if (!(await getCustomer(db, input.organizationId, input.customerId))) throw new NotFoundError('Customer not found');
    throw new NotFoundError(VIRTUAL_ACCOUNT_NOT_FOUND);
  }
  if (account.status !== 'PENDING') throw notPending(verb, account.status);
  return account;
}
