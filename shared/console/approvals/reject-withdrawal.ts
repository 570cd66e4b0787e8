import { approvalView, assertAwaitingSignatures, readWithdrawal } from '#shared/console/approvals/approval-rules.ts';
import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { cancelWithdrawal } from '#shared/transactions/transitions.ts';

/** A member who may approve may also reject, with a reason; the withdrawal is CANCELLED and the reason audited. */
export async function rejectWithdrawal(
  deps: Deps,
  actor: ConsoleActor,
  input: { transactionId: string; reason: string },
) {
  const organizationId = actor.organization.organizationId;
  const { locator, transaction } = await readWithdrawal(deps, organizationId, input.transactionId);
  assertAwaitingSignatures(transaction);
  const cancelled = await cancelWithdrawal(
    deps,
    locator,
    { trigger: 'reject', by: actor.member.email },
    {
      items: [
        auditItem(deps.db, {
          organizationId,
          actor: memberActor(actor.member),
          action: 'withdrawal.rejected',
          target: input.transactionId,
          sourceAddress: actor.sourceAddress,
          at: deps.clock.now(),
          details: { reason: input.reason, reference: transaction.reference },
        }),
      ],
    },
  );
  return approvalView(actor.organization, cancelled);
}
