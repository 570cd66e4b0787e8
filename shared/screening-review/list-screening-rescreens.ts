import type { Db } from '#shared/db/client.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import { type RescreenReport, RescreenReportSchema } from '#shared/screening/records.ts';

/** An organization's re-screen reports, newest first. */
export async function listRescreenReports(db: Db, organizationId: string): Promise<RescreenReport[]> {
  const reports = await queryAll(
    db,
    { partition: keys.screeningHoldsOfOrganization(organizationId).pk, sortKey: { beginsWith: 'RESCREEN#' } },
    (item) => RescreenReportSchema.parse(item),
  );
  return reports.sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
}
