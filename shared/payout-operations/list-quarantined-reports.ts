import type { Deps } from '#shared/deps.ts';
import { listReportOutcomes } from '#shared/payouts/report-outcomes.ts';

const QUARANTINED_LIMIT = 200;

/**
 * The bank reports naming the organization's payouts that were quarantined (nothing of them applied), newest first,
 * each with its reason. One naming no known payout concerns no organization: only the channel's quarantine has it.
 */
export async function listQuarantinedReports(deps: Deps, organizationId: string) {
  const page = await listReportOutcomes(deps.db, organizationId, { limit: QUARANTINED_LIMIT, quarantinedOnly: true });
  return page.items.map(({ organizationId: _organization, ...report }) => report);
}
