import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import type { CustomerTransaction } from '#shared/transactions/transaction-rules.ts';
import { cancelWithdrawal } from '#shared/transactions/transitions.ts';

/** `POST .../transactions/{id}/cancel`: only while it awaits signatures (409 otherwise). */
export async function cancelTransaction(deps: Deps, input: CustomerTransaction): Promise<Transaction> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  return toTransaction(await cancelWithdrawal(deps, input, { trigger: 'cancel', by: 'api' }));
}
