import { useState } from 'react';
import { query, type Reconciliation } from '../api.ts';
import { localTime, money } from '../format.ts';
import { Badge, Page, useLoad } from '../ui.tsx';

type Report = Reconciliation['reports'][number];

const EFFECT_WORDS: Record<NonNullable<Report['facts'][number]['effect']>, string> = {
  completed: 'Booked: completed',
  failed: 'Rejected: failed',
  returned: 'Returned: failed, amount back',
  skipped: 'Already applied',
};

function ReportCard({ report }: { report: Report }) {
  return (
    <article className="card">
      <h3>
        {report.name} <Badge status={report.outcome === 'applied' ? 'COMPLETED' : 'FAILED'} />
      </h3>
      <p>
        {report.kind}, received {localTime(report.receivedAt)}:{' '}
        {report.outcome === 'applied' ? 'applied' : 'quarantined, nothing of it applied'}
      </p>
      {report.quarantineReason && (
        <p>
          <strong>Why:</strong> {report.quarantineReason}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">What it did</th>
          </tr>
        </thead>
        <tbody>
          {report.facts.map((fact) => (
            <tr key={fact.reference}>
              <td>
                {fact.transactionId ? (
                  <a href={`#/transactions/${encodeURIComponent(fact.transactionId)}`}>{fact.reference}</a>
                ) : (
                  fact.reference
                )}
              </td>
              <td>{fact.effect ? EFFECT_WORDS[fact.effect] : 'Not applied (quarantined)'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** Each bank report about the organization's payouts, what it did, and the payouts still waiting for one. */
export function ReconciliationPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const loaded = useLoad<Reconciliation>(`/api/console/reconciliation${query({ limit: '20', cursor })}`);
  const data = loaded.data;
  return (
    <Page title="Reconciliation" loaded={loaded}>
      {data && (
        <>
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
                    <td>{payout.paymentFileId}</td>
                    <td>{localTime(payout.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Bank reports</h2>
          {data.reports.length === 0 && <p className="muted">No bank report has named a payout of yours yet.</p>}
          {data.reports.map((report) => (
            <ReportCard key={report.reportId} report={report} />
          ))}
          <p>
            {cursors.length > 0 && (
              <button type="button" onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer reports
              </button>
            )}{' '}
            {data.nextCursor && (
              <button type="button" onClick={() => setCursors([...cursors, data.nextCursor ?? ''])}>
                Older reports
              </button>
            )}
          </p>
        </>
      )}
    </Page>
  );
}
