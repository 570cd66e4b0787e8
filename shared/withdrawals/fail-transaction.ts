import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/withdrawals/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/withdrawals/transaction-rules.ts';
import { failWithdrawal } from '#shared/withdrawals/transitions.ts';

export async function failTransaction(deps: Deps, input: SandboxTransaction & { reason?: string | undefined }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await failWithdrawal(deps, locator, input.reason));
}
