import { customerNames } from '#shared/console/common/customer-names.ts';
import { payoutRailOf, toConsoleTransaction } from '#shared/console/views/transaction-rows.ts';
import type { ConsoleTransaction } from '#shared/console/views/transaction-view-schemas.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { TransactionStatus, TransactionType } from '#shared/transactions/schemas.ts';
import { listTransactionsOfOrganization } from '#shared/transactions/transaction-repository.ts';

/** The bounds of a period open at one end: every ISO instant sorts between them. */
const OPEN_START = '0';
const OPEN_END = '~';

/** What neither the key nor a FilterExpression can say: the rail the money goes by (derived), a reference's part. */
function matcher(input: { rail?: RailName | undefined; reference?: string | undefined }) {
  const needle = input.reference?.trim().toUpperCase();
  if (!input.rail && !needle) return undefined;
  return (record: TransactionRecord) =>
    (!input.rail || payoutRailOf(record)?.rail === input.rail) &&
    (!needle || record.reference.toUpperCase().includes(needle));
}

/**
 * Every transaction of the organization, across its customers, newest first, with the customer's name and the
 * account masked; optionally of one type, status, customer or rail (the one the money goes by, `payoutRailOf`),
 * created in `[from, to)`, or whose reference contains a text. A period bounds the index read; rail and reference are matched in code (a page may then hold
 * fewer rows and still have a next one).
 */
export async function listOrganizationTransactions(
  deps: Deps,
  input: {
    organizationId: string;
    limit: number;
    cursor?: string | undefined;
    type?: TransactionType | undefined;
    status?: TransactionStatus | undefined;
    customerId?: string | undefined;
    rail?: RailName | undefined;
    reference?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<Page<ConsoleTransaction>> {
  const { organizationId, from, to, rail, reference, ...query } = input;
  const page = await listTransactionsOfOrganization(deps.db, organizationId, {
    ...query,
    createdBetween: from || to ? { from: from ?? OPEN_START, to: to ?? OPEN_END } : undefined,
    matches: matcher({ rail, reference }),
  });
  const names = await customerNames(deps.db, organizationId, page.items);
  return { items: page.items.map((record) => toConsoleTransaction(record, names)), nextCursor: page.nextCursor };
}
