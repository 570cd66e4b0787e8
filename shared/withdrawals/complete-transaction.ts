import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/withdrawals/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/withdrawals/transaction-rules.ts';
import { completeWithdrawal } from '#shared/withdrawals/transitions.ts';

export async function completeTransaction(deps: Deps, input: SandboxTransaction) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await completeWithdrawal(deps, locator));
}
