import { type ExportInput, exportTransactions } from '#shared/console/export-transactions.ts';
import { csvLine } from '#shared/console/transaction-rows.ts';
import { EXPORT_COLUMNS } from '#shared/console/transaction-view-schemas.ts';
import type { Deps } from '#shared/deps.ts';

/** The same page as CSV: the header line on the first page only, so the pages joined in order are one file. */
export async function exportTransactionsCsv(deps: Deps, input: ExportInput) {
  const page = await exportTransactions(deps, input);
  const header = input.cursor ? '' : csvLine([...EXPORT_COLUMNS]);
  const body = page.rows.map((row) => csvLine(EXPORT_COLUMNS.map((column) => row[column]))).join('');
  return { csv: header + body, nextCursor: page.nextCursor };
}
