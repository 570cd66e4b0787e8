import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/transactions/transaction-rules.ts';
import { expireWithdrawal } from '#shared/transactions/transitions.ts';

export async function expireTransaction(deps: Deps, input: SandboxTransaction) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await expireWithdrawal(deps, locator, { dueOnly: false }));
}
