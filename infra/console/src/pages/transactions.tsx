import { useState } from 'react';
import {
  type ConsoleTransaction,
  type Customer,
  describe,
  fetchText,
  query,
  type Transaction,
  valuesOf,
} from '../api.ts';
import { localTime, money, words } from '../format.ts';
import { Badge, ErrorLine, Note, Page, useLoad } from '../ui.tsx';

const STATUSES = valuesOf<Transaction['status']>({
  PROPOSED: true,
  PARTIALLY_SIGNED: true,
  PROCESSING: true,
  COMPLETED: true,
  FAILED: true,
  CANCELLED: true,
  EXPIRED: true,
});
const RAILS = valuesOf<NonNullable<Transaction['paymentRail']>>({ SEPA: true, FEDWIRE: true, SWIFT: true });
const PAGE_SIZE = '50';

type Filters = { status: string; rail: string; customerId: string; reference: string; from: string; to: string };
const NO_FILTERS: Filters = { status: '', rail: '', customerId: '', reference: '', from: '', to: '' };

/** A local calendar day as the instant it starts (or, for `to`, the instant the next day starts), with its zone. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + (end ? 1 : 0)).toISOString();
}

const filterQuery = (filters: Filters) => ({
  status: filters.status,
  rail: filters.rail,
  customerId: filters.customerId,
  reference: filters.reference.trim(),
  from: dayBound(filters.from, false),
  to: dayBound(filters.to, true),
});

/** Every page of the CSV export of the period, joined (the first page alone has the header line). */
async function downloadCsv(from: string | undefined, to: string | undefined): Promise<string> {
  let next: string | null = `/api/console/exports/transactions/csv${query({ from, to })}`;
  const parts: string[] = [];
  while (next) {
    const page: { text: string; next: string | null } = await fetchText(next);
    parts.push(page.text);
    next = page.next;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  link.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
  return `Exported ${parts.join('').split('\r\n').filter(Boolean).length - 1} transactions as CSV`;
}

function TransactionRow({ transaction: t }: { transaction: ConsoleTransaction }) {
  return (
    <tr data-transaction={t.id}>
      <td>{localTime(t.createdAt)}</td>
      <td className="nowrap">
        <a href={`#/transactions/${t.id}`} className="mono">
          {t.reference}
        </a>
      </td>
      <td>
        <Badge status={t.status} />
      </td>
      <td>{t.customerName ?? '—'}</td>
      <td>
        {t.withdrawalBank?.beneficiaryName ?? (t.type === 'DEPOSIT' ? 'Deposit' : '—')}
        {t.maskedAccount && <span className="cell-note mono nowrap">{t.maskedAccount}</span>}
      </td>
      <td className="amount-cell">
        {money(t.sourceAmount, t.sourceCurrency)}
        <span className="cell-note">fee {money(t.fee, t.sourceCurrency)}</span>
      </td>
      <td className="amount-cell">
        {money(t.targetAmount, t.targetCurrency)}
        <span className="cell-note">at {t.exchangeRate}</span>
      </td>
      <td>{t.paymentRail ?? '—'}</td>
    </tr>
  );
}

export function TransactionsPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The pages walked so far: the first is the filtered list, each next one the path its `Link` header gave.
  const [pages, setPages] = useState<string[]>([]);
  const first = `/api/console/transactions${query({ ...filterQuery(filters), limit: PAGE_SIZE })}`;
  const path = pages.at(-1) ?? first;
  const loaded = useLoad<ConsoleTransaction[]>(path);
  const customers = useLoad<Customer[]>('/api/v2/customers?limit=200');
  const [exporting, setExporting] = useState(false);
  const [exportNote, setExportNote] = useState<string>();
  const [exportError, setExportError] = useState<string>();

  const set = (field: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });
  const apply = (next: Filters) => {
    setFilters(next);
    setPages([]);
  };
  const period = filterQuery(filters);
  const exportCsv = async () => {
    setExporting(true);
    setExportError(undefined);
    setExportNote(undefined);
    try {
      setExportNote(await downloadCsv(period.from, period.to));
    } catch (error) {
      setExportError(describe(error));
    } finally {
      setExporting(false);
    }
  };
  const rows = loaded.data ?? [];
  return (
    <Page title="Transactions" loaded={loaded}>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <label>
          Reference
          <input name="reference" placeholder="WD-…" value={draft.reference} onChange={set('reference')} />
        </label>
        <label>
          Status
          <select name="status" value={draft.status} onChange={set('status')}>
            <option value="">Every status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {words(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Customer
          <select name="customer" value={draft.customerId} onChange={set('customerId')}>
            <option value="">Every customer</option>
            {(customers.data ?? []).map((c) => (
              <option key={c.customerId} value={c.customerId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rail
          <select name="rail" value={draft.rail} onChange={set('rail')}>
            <option value="">Every rail</option>
            {RAILS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" value={draft.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input type="date" name="to" value={draft.to} onChange={set('to')} />
        </label>
        <div className="actions">
          <button type="submit">Search</button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              apply(NO_FILTERS);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <div className="actions">
        <button type="button" className="secondary" disabled={exporting} onClick={exportCsv}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        <a href={`/api/console/exports/transactions${query({ from: period.from, to: period.to })}`}>
          Export as JSON (first page)
        </a>
        <span className="muted">
          The export covers {filters.from || filters.to ? 'the dates chosen' : 'this month so far'}, every status.
        </span>
      </div>
      <Note note={exportNote} />
      <ErrorLine error={exportError} />
      {!loaded.loading && rows.length === 0 ? (
        <p className="muted">No transactions match.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption className="muted">Times in your zone. A reference opens the payout's whole story.</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Reference</th>
                <th scope="col">Status</th>
                <th scope="col">Customer</th>
                <th scope="col">Beneficiary and account</th>
                <th scope="col">Amount and fee</th>
                <th scope="col">Paid out at rate</th>
                <th scope="col">Rail</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <TransactionRow key={t.id} transaction={t} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="pager">
        <button type="button" className="secondary" disabled={pages.length === 0} onClick={() => setPages([])}>
          First page
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!loaded.next}
          onClick={() => loaded.next && setPages([...pages, loaded.next])}
        >
          Next page
        </button>
        <span className="muted">Page {pages.length + 1}</span>
      </div>
    </Page>
  );
}
