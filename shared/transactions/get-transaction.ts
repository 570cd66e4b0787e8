import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { UUID_PATTERN } from '#shared/ids.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { type CustomerTransaction, TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

export async function requireTransaction(deps: Deps, input: CustomerTransaction) {
  if (!UUID_PATTERN.test(input.transactionId)) {
    // Not an id of ours (Compose answers 404 for any unknown id): the customer is still checked first.
    await requireCustomer(deps, input.organizationId, input.customerId);
    throw TRANSACTION_NOT_FOUND.error();
  }
  const [, transaction] = await Promise.all([
    requireCustomer(deps, input.organizationId, input.customerId),
    getTransactionOfCustomer(deps.db, input.organizationId, input.customerId, input.transactionId),
  ]);
  if (!transaction) throw TRANSACTION_NOT_FOUND.error();
  return transaction;
}

export async function getTransaction(deps: Deps, input: CustomerTransaction): Promise<Transaction> {
  return toTransaction(await requireTransaction(deps, input));
}
