import { auditItem } from '#shared/console/common/console-rules.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { PayoutSettlement } from '#shared/payout-operations/records.ts';
import { getPayoutSettlement, settlementWrites } from '#shared/payout-operations/repository.ts';
import {
  type PayoutOperator,
  SETTLEMENT_DECIDED,
  SETTLEMENT_NEEDS_SECOND_PERSON,
  SETTLEMENT_NOT_FOUND,
  samePerson,
} from '#shared/payout-operations/rules.ts';
import { settlePayout } from '#shared/payouts/apply-bank-report.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';

export type SettlementDecision = { transactionId: string; decision: 'approve' | 'reject'; reason?: string | undefined };

/**
 * The second person's decision on a proposed settlement. Approved, the payout moves through `settlePayout`, the
 * use case a bank's report goes through (COMPLETED: the locked amount leaves and the developer fee is earned;
 * FAILED: the reservation is released), with its `withdrawal.status_changed` event; the settlement's decision and
 * the audit entry are written in that same transaction, so a payout a bank report moved meanwhile refuses it (409)
 * and the proposal stays open to be rejected. Rejected, only the proposal and the audit entry change.
 */
export async function decideSettlement(deps: Deps, operator: PayoutOperator, input: SettlementDecision) {
  const settlement = await getPayoutSettlement(deps.db, operator.organizationId, input.transactionId);
  if (!settlement) throw SETTLEMENT_NOT_FOUND.error();
  if (settlement.status !== 'PROPOSED') throw SETTLEMENT_DECIDED.error();
  if (samePerson(settlement.proposedBy, operator.actor)) throw SETTLEMENT_NEEDS_SECOND_PERSON.error();
  const now = deps.clock.now();
  const approve = input.decision === 'approve';
  const items = [
    settlementWrites.decide(deps.db, settlement, {
      status: approve ? 'APPROVED' : 'REJECTED',
      by: operator.actor,
      at: now.toISOString(),
      rejectionReason: approve ? null : (input.reason ?? null),
    }),
    auditItem(deps.db, {
      organizationId: operator.organizationId,
      actor: operator.actor,
      action: approve ? 'payout.settlement_approved' : 'payout.settlement_rejected',
      target: settlement.transactionId,
      sourceAddress: operator.sourceAddress,
      at: now,
      details: {
        outcome: settlement.outcome,
        reason: settlement.reason,
        reference: settlement.reference,
        proposedBy: settlement.proposedBy.email,
        ...(input.reason ? { decisionReason: input.reason } : {}),
      },
    }),
  ];
  if (approve) {
    const record = await settlePayout(deps, settlement, settlementOf(settlement), {
      items,
      refuse: (role) => (role === 'settlement' ? SETTLEMENT_DECIDED.error() : undefined),
    });
    return toTransaction(record);
  }
  try {
    await writeGuarded(deps.db, items);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'settlement') throw SETTLEMENT_DECIDED.error();
    throw error;
  }
  const payout = await getTransactionOfCustomer(
    deps.db,
    settlement.organizationId,
    settlement.customerId,
    settlement.transactionId,
  );
  if (!payout) throw SETTLEMENT_NOT_FOUND.error();
  return toTransaction(payout);
}

const settlementOf = (settlement: PayoutSettlement) =>
  settlement.outcome === 'COMPLETED'
    ? ({ kind: 'complete', completedAt: settlement.completedAt ?? undefined } as const)
    : ({ kind: 'fail', reason: settlement.reason } as const);
