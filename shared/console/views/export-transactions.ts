import { customerNames } from '#shared/console/common/customer-names.ts';
import { type AccountForm, toExportRow } from '#shared/console/views/transaction-rows.ts';
import { type ExportRow, MAX_EXPORT_PAGE } from '#shared/console/views/transaction-view-schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { listTransactionsOfOrganization } from '#shared/transactions/transaction-repository.ts';

/** The first instant of the month `now` is in (UTC): the period exported when none is given. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

export type ExportInput = {
  organizationId: string;
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
};

/**
 * One page of the organization's transactions created in `[from, to)` (default: this month so far), newest first,
 * as export rows with the accounts in `form` (masked unless said). The period bounds the index read (a Query on
 * gsi3's sort key), so each page costs its own rows whatever the month holds; a client follows `nextCursor` (the
 * same query with `cursor=`) until it is null.
 */
export async function exportTransactions(deps: Deps, input: ExportInput, form: AccountForm = 'masked') {
  const from = input.from ?? monthStart(deps.clock.now());
  const to = input.to ?? deps.clock.now().toISOString();
  const page = await listTransactionsOfOrganization(deps.db, input.organizationId, {
    limit: input.limit ?? MAX_EXPORT_PAGE,
    cursor: input.cursor,
    createdBetween: { from, to },
  });
  const names = await customerNames(deps.db, input.organizationId, page.items);
  const rows: ExportRow[] = page.items.map((record) => toExportRow(record, names, form));
  return { from, to, rows, nextCursor: page.nextCursor ?? null };
}
