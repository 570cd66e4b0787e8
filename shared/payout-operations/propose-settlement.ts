import { auditItem } from '#shared/console/common/console-rules.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { readProcessingPayout } from '#shared/payout-operations/read-payout.ts';
import type { PayoutSettlement, SettlementOutcome } from '#shared/payout-operations/records.ts';
import { settlementWrites } from '#shared/payout-operations/repository.ts';
import {
  NOT_SENT_TO_A_BANK,
  type PayoutOperator,
  SETTLEMENT_ALREADY_PROPOSED,
} from '#shared/payout-operations/rules.ts';

export type SettlementProposal = {
  transactionId: string;
  outcome: SettlementOutcome;
  reason: string;
  completedAt?: string | undefined;
};

/**
 * The first half of settling a payout by hand, when its bank answered outside the channel: the proposal (what the
 * bank said, and why we believe it) and its audit entry in one transaction. Nothing moves until another person
 * approves it (`decide-settlement.ts`). A payout in no payment file went to no bank: it may be failed, never booked.
 */
export async function proposeSettlement(deps: Deps, operator: PayoutOperator, input: SettlementProposal) {
  const { locator, payout } = await readProcessingPayout(deps, operator.organizationId, input.transactionId);
  if (input.outcome === 'COMPLETED' && !payout.paymentFileId) throw NOT_SENT_TO_A_BANK.error();
  const now = deps.clock.now();
  const settlement: PayoutSettlement = {
    organizationId: locator.organizationId,
    customerId: locator.customerId,
    transactionId: locator.transactionId,
    reference: payout.reference,
    outcome: input.outcome,
    reason: input.reason,
    completedAt: input.outcome === 'COMPLETED' ? (input.completedAt ?? null) : null,
    status: 'PROPOSED',
    proposedBy: operator.actor,
    proposedAt: now.toISOString(),
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
  };
  try {
    await writeGuarded(deps.db, [
      settlementWrites.propose(deps.db, settlement),
      auditItem(deps.db, {
        organizationId: operator.organizationId,
        actor: operator.actor,
        action: 'payout.settlement_proposed',
        target: payout.transactionId,
        sourceAddress: operator.sourceAddress,
        at: now,
        details: { outcome: input.outcome, reason: input.reason, reference: payout.reference },
      }),
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'settlement') {
      throw SETTLEMENT_ALREADY_PROPOSED.error();
    }
    throw error;
  }
  return settlement;
}
