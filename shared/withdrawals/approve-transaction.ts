import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/transactions/transaction-rules.ts';
import { approveWithdrawal } from '#shared/withdrawals/approve-withdrawal.ts';

export async function approveTransaction(deps: Deps, input: SandboxTransaction & { approver: string }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await approveWithdrawal(deps, input.organization, locator, input.approver));
}
