import type { Deps } from '#shared/deps.ts';
import { listOverduePayouts } from '#shared/payout-operations/list-overdue-payouts.ts';
import { listQuarantinedReports } from '#shared/payout-operations/list-quarantined-reports.ts';
import { listUnansweredFiles } from '#shared/payout-operations/list-unanswered-files.ts';
import { listProposedSettlements } from '#shared/payout-operations/repository.ts';
import { settlementView } from '#shared/payout-operations/view.ts';

/** What waits for the operator: overdue payouts, delivered files without an answer, quarantined reports, proposals. */
export async function getPayoutOperations(deps: Deps, organizationId: string) {
  const [overduePayouts, unansweredFiles, quarantinedReports, proposed] = await Promise.all([
    listOverduePayouts(deps, organizationId),
    listUnansweredFiles(deps, organizationId),
    listQuarantinedReports(deps, organizationId),
    listProposedSettlements(deps.db, organizationId),
  ]);
  return {
    overduePayouts,
    unansweredFiles,
    quarantinedReports,
    proposedSettlements: proposed.map(settlementView),
  };
}
