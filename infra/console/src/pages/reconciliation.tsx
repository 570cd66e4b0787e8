import { useState } from 'react';
import { query, type Reconciliation } from '../api.ts';
import { calendarDay, counted, dayBound, localTime, money } from '../format.ts';
import { FilterForm, Page, useFilters, useLoad } from '../ui.tsx';

type Movement = Reconciliation['movements'][number];
type Effect = Movement['effect'];

/** Each effect in words: what it did to the money. */
const EFFECT_WORDS: Record<Effect, string> = {
  booked: 'Booked: paid out',
  returned: 'Returned: money back',
  rejected: 'Rejected: never paid',
  duplicate: 'Duplicate report, no money moved',
};

type Filters = { effect: string; reference: string; from: string; to: string };
const NO_FILTERS: Filters = { effect: '', reference: '', from: '', to: '' };

const EffectBadge = ({ effect }: { effect: Effect }) => (
  <span className={`badge effect-${effect}`}>{EFFECT_WORDS[effect]}</span>
);

function MovementRow({ movement: m }: { movement: Movement }) {
  return (
    <tr data-movement={m.effect} className={m.moneyMoved ? '' : 'no-money'}>
      <td className="report-cell">
        <span className="mono">{m.reportName}</span>
        <span className="cell-note">
          {m.reportKind}, received {localTime(m.receivedAt)}
        </span>
      </td>
      <td className="nowrap">
        {m.transactionId ? (
          <a className="mono" href={`#/transactions/${encodeURIComponent(m.transactionId)}`}>
            {m.reference}
          </a>
        ) : (
          m.reference
        )}
      </td>
      <td>{m.customerName ?? '—'}</td>
      <td>
        <EffectBadge effect={m.effect} />
      </td>
      <td className="amount-cell">
        {m.effect === 'duplicate' ? (
          <span className="muted">not counted</span>
        ) : (
          <>
            {money(m.amount, m.currency ?? '')}
            {m.usdc && <span className="cell-note">{money(m.usdc, 'USDC')}</span>}
          </>
        )}
      </td>
      <td>
        {m.rail ?? '—'}
        <span className="cell-note nowrap">booked {calendarDay(m.bookingDate)}</span>
      </td>
    </tr>
  );
}

function Totals({ data }: { data: Reconciliation }) {
  if (data.totals.length === 0) return <p className="muted">No money moved in the reports listed.</p>;
  return (
    <table aria-label="Totals">
      <caption className="muted">
        Of the reports on this page{data.nextCursor ? ' (older ones on the next)' : ''}
        {data.duplicates > 0
          ? `; ${counted(data.duplicates, 'duplicate row')} left out: a report received again moves no money`
          : ''}
        .
      </caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col">Booked (paid out)</th>
          <th scope="col">Returned (back in)</th>
          <th scope="col">Net paid out</th>
          <th scope="col">Rejected (never left)</th>
        </tr>
      </thead>
      <tbody>
        {data.totals.map((t) => (
          <tr key={t.currency}>
            <th scope="row">{t.currency}</th>
            <td className="amount-cell">
              {money(t.booked.amount, t.currency)}
              <span className="cell-note">{counted(t.booked.count, 'payout')}</span>
            </td>
            <td className="amount-cell">
              {money(t.returned.amount, t.currency)}
              <span className="cell-note">{counted(t.returned.count, 'payout')}</span>
            </td>
            <td className="amount-cell">{money(t.net, t.currency)}</td>
            <td className="amount-cell">
              {money(t.rejected.amount, t.currency)}
              <span className="cell-note">{counted(t.rejected.count, 'payout')}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The bank's reports about the organization's payouts: one row per movement, totals, filters, what still waits. */
export function ReconciliationPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  const form = useFilters(NO_FILTERS, () => setCursors([]));
  const filters = form.filters;
  const cursor = cursors.at(-1);
  const loaded = useLoad<Reconciliation>(
    `/api/console/reconciliation${query({
      limit: '20',
      cursor,
      effect: filters.effect,
      reference: filters.reference.trim(),
      from: dayBound(filters.from, false),
      to: dayBound(filters.to, true),
    })}`,
  );
  const data = loaded.data;
  return (
    <Page title="Reconciliation" loaded={loaded}>
      <FilterForm filters={form}>
        <label>
          Effect
          <select name="effect" value={form.draft.effect} onChange={form.set('effect')}>
            <option value="">Every effect</option>
            {Object.entries(EFFECT_WORDS).map(([effect, text]) => (
              <option key={effect} value={effect}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reference
          <input name="reference" placeholder="WD-…" value={form.draft.reference} onChange={form.set('reference')} />
        </label>
        <label>
          Received from
          <input type="date" name="from" value={form.draft.from} onChange={form.set('from')} />
        </label>
        <label>
          To
          <input type="date" name="to" value={form.draft.to} onChange={form.set('to')} />
        </label>
      </FilterForm>
      {data && (
        <>
          <h2>Totals</h2>
          <Totals data={data} />
          <h2>Movements</h2>
          {data.movements.length === 0 ? (
            <p className="muted">No bank report line matches.</p>
          ) : (
            <div className="table-scroll">
              <table aria-label="Movements">
                <caption className="muted">
                  One row per line of the bank's reports, newest report first. A report the bank sent again is marked as
                  a duplicate: it moved no money and is in no total.
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Report</th>
                    <th scope="col">Reference</th>
                    <th scope="col">Customer</th>
                    <th scope="col">What it did</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Rail and booking date</th>
                  </tr>
                </thead>
                <tbody>
                  {data.movements.map((movement) => (
                    <MovementRow key={`${movement.reportId}-${movement.reference}`} movement={movement} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.quarantined.length > 0 && (
            <>
              <h2>Quarantined reports</h2>
              {data.quarantined.map((report) => (
                <article className="card" key={report.reportId}>
                  <h3>{report.name}</h3>
                  <p>
                    {report.kind}, received {localTime(report.receivedAt)}: quarantined, nothing of it applied and no
                    money moved. <strong>Why:</strong> {report.quarantineReason}
                  </p>
                  <p className="muted">Names {report.facts.map((fact) => fact.reference).join(', ')}.</p>
                </article>
              ))}
            </>
          )}
          <div className="pager">
            <button
              type="button"
              className="secondary"
              disabled={cursors.length === 0}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Newer reports
            </button>
            <button
              type="button"
              className="secondary"
              disabled={!data.nextCursor}
              onClick={() => setCursors([...cursors, data.nextCursor ?? ''])}
            >
              Older reports
            </button>
          </div>
          <h2>Waiting for a bank report</h2>
          {data.awaitingReport.length === 0 ? (
            <p className="muted">No payout in a payment file waits for the bank.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Payment file</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {data.awaitingReport.map((payout) => (
                  <tr key={payout.id}>
                    <td>
                      <a href={`#/transactions/${encodeURIComponent(payout.id)}`}>{payout.reference ?? payout.id}</a>
                    </td>
                    <td>{payout.customerName ?? '—'}</td>
                    <td className="amount">{money(payout.amount, payout.currency)}</td>
                    <td className="mono">{payout.paymentFileId}</td>
                    <td>{localTime(payout.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Page>
  );
}
