import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/transactions/transaction-rules.ts';
import { cancelWithdrawal } from '#shared/transactions/transitions.ts';

export async function rejectTransaction(deps: Deps, input: SandboxTransaction & { approver?: string | undefined }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  const by = input.approver?.toLowerCase() ?? 'sandbox';
  return toTransaction(await cancelWithdrawal(deps, locator, { trigger: 'reject', by }));
}
