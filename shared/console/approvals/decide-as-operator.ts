import { readWithdrawal } from '#shared/console/approvals/approval-rules.ts';
import { auditItem, OPERATOR_SOURCE, operatorActor, operatorApprover } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { organizationOfTransaction } from '#shared/transactions/organization-of-transaction.ts';
import { cancelWithdrawal } from '#shared/transactions/transitions.ts';
import { approveWithdrawal } from '#shared/withdrawals/approve-withdrawal.ts';

/**
 * The operator CLI's `withdrawal approve|reject`: the same transitions as the console, recorded as the operator's
 * (`operator:<email>` among the approvals, an audit entry with the operator as actor). Whoever has the table can
 * do this; the console's members sign with passkeys instead, and only their signatures can be verified again.
 */
export async function decideAsOperator(
  deps: Deps,
  input: { transactionId: string; operator: string; decision: 'approve' | 'reject'; reason?: string | undefined },
) {
  const organization = await organizationOfTransaction(deps, input.transactionId);
  const { locator, transaction } = await readWithdrawal(deps, organization.organizationId, input.transactionId);
  const by = operatorApprover(input.operator);
  const audit = {
    items: [
      auditItem(deps.db, {
        organizationId: organization.organizationId,
        actor: operatorActor(input.operator.trim().toLowerCase()),
        action: input.decision === 'approve' ? 'withdrawal.approved_by_operator' : 'withdrawal.rejected_by_operator',
        target: input.transactionId,
        sourceAddress: OPERATOR_SOURCE,
        at: deps.clock.now(),
        details: { ...(input.reason ? { reason: input.reason } : {}), reference: transaction.reference },
      }),
    ],
  };
  const record =
    input.decision === 'approve'
      ? await approveWithdrawal(deps, organization, locator, by, audit)
      : await cancelWithdrawal(deps, locator, { trigger: 'reject', by }, audit);
  return toTransaction(record);
}
