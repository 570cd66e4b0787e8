import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import { getVirtualAccountOfCustomer } from '#shared/deposits/virtual-account-repository.ts';
import { type HttpError, refusal } from '#shared/errors.ts';

export const VIRTUAL_ACCOUNT_NOT_FOUND = refusal(404, 'Virtual account not found');

/** One virtual account per currency and customer. */
export const VIRTUAL_ACCOUNT_EXISTS = refusal(
  409,
  (currency: string) => `The customer already has a ${currency} virtual account`,
  'USD',
);

/** A decision on an account that is no longer PENDING. */
export const VIRTUAL_ACCOUNT_NOT_PENDING = refusal(
  409,
  (verb: 'approved' | 'rejected', status: string) =>
    `Only a PENDING virtual account can be ${verb}; this one is ${status}`,
  'approved',
  'ACTIVE',
);

export type Where = { organizationId: string; customerId: string };

/** The 409 for a decision that lost a race: the account's state as another decision left it. */
export async function decidedMeanwhile(
  db: Db,
  input: Where & { virtualAccountId: string },
  verb: 'approved' | 'rejected',
): Promise<HttpError> {
  const current = await getVirtualAccountOfCustomer(db, input.organizationId, input.customerId, input.virtualAccountId);
  return VIRTUAL_ACCOUNT_NOT_PENDING.error(verb, current?.status ?? 'gone');
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
    if (!(await getCustomer(db, input.organizationId, input.customerId))) throw CUSTOMER_NOT_FOUND.error();
    throw VIRTUAL_ACCOUNT_NOT_FOUND.error();
  }
  if (account.status !== 'PENDING') throw VIRTUAL_ACCOUNT_NOT_PENDING.error(verb, account.status);
  return account;
}
