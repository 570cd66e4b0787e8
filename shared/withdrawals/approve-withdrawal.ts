import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { estimatedSettlementAt } from '#shared/payouts/payout-rail.ts';
import { settleDueAt, startPayout } from '#shared/payouts/payout-start.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { type Alongside, recordApproval, type TransactionLocator } from '#shared/transactions/transitions.ts';

/**
 * One approver's signature (the sandbox's, a console member's, an operator's), and, when it is the one that
 * reaches `requiredApprovals`, the payout it starts: the PROCESSING withdrawal goes to the batcher.
 */
export async function approveWithdrawal(
  deps: Deps,
  organization: Organization,
  locator: TransactionLocator,
  approver: string,
  alongside?: Alongside,
): Promise<TransactionRecord> {
  const approved = await recordApproval(
    deps,
    organization,
    locator,
    {
      approver,
      settleDueAt: (now) => settleDueAt(deps, organization, now),
      // Started only now: it lands as if filed now, not at its creation.
      expectedSettlementAt: (withdrawal, now) =>
        estimatedSettlementAt(withdrawal, organization, deps.config.bank.instantLimitEur, now),
    },
    alongside,
  );
  return approved.status === 'PROCESSING' ? startPayout(deps, organization, approved) : approved;
}
