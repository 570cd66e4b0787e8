import type { Deps } from '#shared/deps.ts';
import { locate } from '#shared/transactions/transaction-rules.ts';
import { getTransactionTravelRule } from '#shared/treasury/get-transaction-travel-rule.ts';
import type { TravelRule } from '#shared/treasury/schemas.ts';

/**
 * The console's view of a transaction's Travel Rule data (its story page): the transaction is found by its id alone
 * (404 when the organization has none), then answered as the API answers it for the customer.
 */
export async function getConsoleTravelRule(
  deps: Deps,
  input: { organizationId: string; transactionId: string },
): Promise<TravelRule> {
  const { customerId } = await locate(deps, input.organizationId, input.transactionId);
  return getTransactionTravelRule(deps, { ...input, customerId });
}
