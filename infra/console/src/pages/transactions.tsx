import { useState } from 'react';
import {
  type ConsoleTransaction,
  type Customer,
  describe,
  fetchFile,
  query,
  type Rails,
  type Session,
  type Transaction,
  valuesOf,
} from '../api.ts';
import { dayBound, localTime, money, words } from '../format.ts';
import { Badge, ErrorLine, FilterForm, Note, Page, useFilters, useLoad } from '../ui.tsx';

const STATUSES = valuesOf<Transaction['status']>({
  PROPOSED: true,
  PARTIALLY_SIGNED: true,
  PROCESSING: true,
  COMPLETED: true,
  FAILED: true,
  CANCELLED: true,
  EXPIRED: true,
});
const PAGE_SIZE = '50';

type Filters = { status: string; rail: string; customerId: string; reference: string; from: string; to: string };
const NO_FILTERS: Filters = { status: '', rail: '', customerId: '', reference: '', from: '', to: '' };

const filterQuery = (filters: Filters) => ({
  status: filters.status,
  rail: filters.rail,
  customerId: filters.customerId,
  reference: filters.reference.trim(),
  from: dayBound(filters.from, false),
  to: dayBound(filters.to, true),
});

/**
 * The two CSV exports: accounts masked (every role, a GET), or in full (roles with `exportAccounts`; a POST, as each
 * page writes its audit entry).
 */
const CSV_EXPORTS = {
  masked: { path: '/api/console/exports/transactions/csv', method: 'GET' },
  full: { path: '/api/console/exports/transactions/with-accounts/csv', method: 'POST' },
} as const;

/** Every page of the CSV export of the period, joined as the bytes came (the first opens with the byte order mark). */
async function downloadCsv(accounts: keyof typeof CSV_EXPORTS, from?: string, to?: string): Promise<string> {
  const { path, method } = CSV_EXPORTS[accounts];
  let next: string | null = `${path}${query({ from, to })}`;
  const parts: ArrayBuffer[] = [];
  while (next) {
    const page: { bytes: ArrayBuffer; next: string | null } = await fetchFile(next, method);
    parts.push(page.bytes);
    next = page.next;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  link.download = `transactions-${accounts === 'full' ? 'with-accounts-' : ''}${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
  const lines = parts.map((part) => new TextDecoder().decode(part).split('\r\n').filter(Boolean).length);
  const rows = lines.reduce((sum, count) => sum + count, 0) - 1;
  return `Exported ${rows} ${rows === 1 ? 'transaction' : 'transactions'} as CSV${accounts === 'full' ? ' with full account numbers (recorded in the audit log)' : ''}`;
}

/**
 * The rail the money goes by (the settlement rail; until the payout is filed, the one expected), and the bank's rail
 * where it differs: an ACH payout to a FEDWIRE bank, a SEPA Instant one to a SEPA bank.
 */
function RailCell({ transaction: t }: { transaction: ConsoleTransaction }) {
  if (!t.payoutRail) return <>—</>;
  const { rail, filed } = t.payoutRail;
  return (
    <>
      {rail}
      {!filed && <span className="cell-note">expected, not filed yet</span>}
      {t.paymentRail && t.paymentRail !== rail && <span className="cell-note nowrap">bank: {t.paymentRail}</span>}
    </>
  );
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
      <td data-rail={t.payoutRail?.rail ?? ''}>
        <RailCell transaction={t} />
      </td>
    </tr>
  );
}

export function TransactionsPage({ session }: { session: Session }) {
  // The pages walked so far: the first is the filtered list, each next one the path its `Link` header gave.
  const [pages, setPages] = useState<string[]>([]);
  const form = useFilters(NO_FILTERS, () => setPages([]));
  const filters = form.filters;
  const first = `/api/console/transactions${query({ ...filterQuery(filters), limit: PAGE_SIZE })}`;
  const path = pages.at(-1) ?? first;
  const loaded = useLoad<ConsoleTransaction[]>(path);
  const customers = useLoad<Customer[]>('/api/v2/customers?limit=200');
  const rails = useLoad<Rails>('/api/console/rails');
  const mayExportAccounts = session.permissions.includes('exportAccounts');
  const [exporting, setExporting] = useState(false);
  const [exportNote, setExportNote] = useState<string>();
  const [exportError, setExportError] = useState<string>();

  const period = filterQuery(filters);
  const exportCsv = async (accounts: keyof typeof CSV_EXPORTS) => {
    setExporting(true);
    setExportError(undefined);
    setExportNote(undefined);
    try {
      setExportNote(await downloadCsv(accounts, period.from, period.to));
    } catch (error) {
      setExportError(describe(error));
    } finally {
      setExporting(false);
    }
  };
  const rows = loaded.data ?? [];
  return (
    <Page title="Transactions" loaded={loaded}>
      <FilterForm filters={form}>
        <label>
          Reference
          <input name="reference" placeholder="WD-…" value={form.draft.reference} onChange={form.set('reference')} />
        </label>
        <label>
          Status
          <select name="status" value={form.draft.status} onChange={form.set('status')}>
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
          <select name="customer" value={form.draft.customerId} onChange={form.set('customerId')}>
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
          <select name="rail" value={form.draft.rail} onChange={form.set('rail')}>
            <option value="">Every rail</option>
            {(rails.data ?? []).map((r) => (
              <option key={r.rail} value={r.rail}>
                {r.rail}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" value={form.draft.from} onChange={form.set('from')} />
        </label>
        <label>
          To
          <input type="date" name="to" value={form.draft.to} onChange={form.set('to')} />
        </label>
      </FilterForm>
      <div className="actions">
        <button type="button" className="secondary" disabled={exporting} onClick={() => exportCsv('masked')}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        {mayExportAccounts && (
          <button type="button" className="secondary" disabled={exporting} onClick={() => exportCsv('full')}>
            Export CSV with full accounts
          </button>
        )}
        <a href={`/api/console/exports/transactions${query({ from: period.from, to: period.to })}`}>
          Export as JSON (first page)
        </a>
        <span className="muted">
          The export covers {filters.from || filters.to ? 'the dates chosen' : 'this month so far'}, every status: a
          UTF-8 file Excel opens as it is, with the settlement rail, booking date and completion time to match a bank
          statement{mayExportAccounts ? '; the one with full accounts is recorded in the audit log' : ''}.
        </span>
      </div>
      <Note note={exportNote} />
      <ErrorLine error={exportError} />
      {!loaded.loading && rows.length === 0 ? (
        <p className="muted">No transactions match.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption className="muted">
              Times in your zone. A reference opens the payout's whole story. The rail is the one the money goes by; the
              bank's is said where it differs.
            </caption>
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
