import {
  awaitingOfBatch,
  decideItem,
  eachItem,
  NOT_REACHED_REJECT,
} from '#shared/console/approvals/batch-approval-rules.ts';
import type { BatchDecision } from '#shared/console/approvals/batch-approval-schemas.ts';
import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { cancelWithdrawal } from '#shared/transactions/transitions.ts';

/**
 * A member who may approve may reject a batch, with a reason: every payout of it still awaiting signatures is
 * CANCELLED, each in its own transaction with its audit entry (the reason, the batch) and its status event. A
 * payout that moved on meanwhile is answered SKIPPED.
 */
export async function rejectWithdrawalBatch(
  deps: Deps,
  actor: ConsoleActor,
  input: { batchId: string; reason: string },
): Promise<BatchDecision> {
  const organizationId = actor.organization.organizationId;
  const awaiting = await awaitingOfBatch(deps, organizationId, input.batchId);
  const results = await eachItem(
    awaiting,
    ({ transactionId, customerId, reference }) =>
      decideItem(
        { transactionId, customerId },
        async () => {
          const cancelled = await cancelWithdrawal(
            deps,
            { organizationId, customerId, transactionId },
            { trigger: 'reject', by: actor.member.email },
            {
              items: [
                auditItem(deps.db, {
                  organizationId,
                  actor: memberActor(actor.member),
                  action: 'withdrawal.rejected',
                  target: transactionId,
                  sourceAddress: actor.sourceAddress,
                  at: deps.clock.now(),
                  details: { reason: input.reason, batchId: input.batchId, reference },
                }),
              ],
            },
          );
          return { transactionId, customerId, outcome: 'REJECTED' as const, status: cancelled.status };
        },
        async () =>
          (await getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId))?.status ?? 'NOT_FOUND',
      ),
    ({ transactionId, customerId, status }) => ({
      transactionId,
      customerId,
      outcome: 'SKIPPED' as const,
      status,
      error: NOT_REACHED_REJECT,
    }),
  );
  return { batchId: input.batchId, results };
}
