import { type ExportInput, exportTransactions } from '#shared/console/views/export-transactions.ts';
import { type AccountForm, csvLine } from '#shared/console/views/transaction-rows.ts';
import { EXPORT_COLUMNS } from '#shared/console/views/transaction-view-schemas.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * The byte order mark Excel on Windows needs to read a CSV as UTF-8 (without it, as the system's ANSI code page:
 * `é` becomes `Ã©`); LibreOffice, Numbers and Google Sheets take it as the UTF-8 mark it is.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * The same page as CSV: the first page opens with the byte order mark and the header line, later pages have
 * neither, so the pages joined in order are one file.
 */
export async function csvPage(deps: Deps, input: ExportInput, form: AccountForm) {
  const page = await exportTransactions(deps, input, form);
  const header = input.cursor ? '' : UTF8_BOM + csvLine([...EXPORT_COLUMNS]);
  const body = page.rows.map((row) => csvLine(EXPORT_COLUMNS.map((column) => row[column]))).join('');
  return { ...page, csv: header + body };
}

/** The export with the accounts masked: for every role that may read. */
export async function exportTransactionsCsv(deps: Deps, input: ExportInput) {
  const { csv, nextCursor } = await csvPage(deps, input, 'masked');
  return { csv, nextCursor };
}
