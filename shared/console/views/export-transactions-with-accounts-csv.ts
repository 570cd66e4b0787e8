import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import type { ExportInput } from '#shared/console/views/export-transactions.ts';
import { csvPage } from '#shared/console/views/export-transactions-csv.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';

export const EXPORTED_WITH_ACCOUNTS = 'transactions.exported_with_accounts';

/**
 * The export with every account in full (the roles with `exportAccounts`): each page read is an audit entry, written
 * before the page is answered (no entry, no accounts), naming the period, the page and how many rows it held.
 */
export async function exportTransactionsWithAccountsCsv(
  deps: Deps,
  actor: ConsoleActor,
  input: Omit<ExportInput, 'organizationId'>,
) {
  const page = await csvPage(deps, { ...input, organizationId: actor.organization.organizationId }, 'full');
  await writeGuarded(deps.db, [
    auditItem(deps.db, {
      organizationId: actor.organization.organizationId,
      actor: memberActor(actor.member),
      action: EXPORTED_WITH_ACCOUNTS,
      target: 'transactions',
      sourceAddress: actor.sourceAddress,
      at: deps.clock.now(),
      details: {
        from: page.from,
        to: page.to,
        page: input.cursor ? 'next' : 'first',
        rows: String(page.rows.length),
      },
    }),
  ]);
  return { csv: page.csv, nextCursor: page.nextCursor };
}
