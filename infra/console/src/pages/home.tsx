import type { Home } from '../api.ts';
import { calendarDay, groupDigits, localTime, money } from '../format.ts';
import { Badge, Page, useLoad } from '../ui.tsx';
import { CustodyBlock } from './custody-block.tsx';
import { CustomersTotal } from './customers-total.tsx';

type Line = Home['failed'][number];

/** The USDC of a day as a number of cents, for the bar's height only (every figure shown is the API's text). */
const cents = (usdc: string) => {
  const [whole = '0', fraction = ''] = usdc.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** Withdrawal volumes per day as bars, with a table of the same figures for screen readers and exact reading. */
function VolumeChart({ volumes }: { volumes: Home['volumes'] }) {
  const width = 640;
  const height = 160;
  const gap = 4;
  const bar = (width - gap * (volumes.length - 1)) / volumes.length;
  const top = Math.max(1, ...volumes.map((v) => cents(v.usdc)));
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height + 18}`}
        role="img"
        aria-labelledby="volume-title"
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id="volume-title">Withdrawn USDC per day, the last {volumes.length} days</title>
        {volumes.map((v, i) => {
          const h = Math.round((cents(v.usdc) / top) * height);
          return (
            <g key={v.day}>
              <rect x={i * (bar + gap)} y={height - h} width={bar} height={h} fill="#2957d8">
                <title>
                  {calendarDay(v.day)}: {groupDigits(v.usdc)} USDC in {v.withdrawals} withdrawals
                </title>
              </rect>
              {/* Every other day, counted back from today, so today is always labelled. */}
              {(volumes.length - 1 - i) % 2 === 0 && (
                <text x={i * (bar + gap)} y={height + 14} fontSize="11" fill="#3b4556">
                  {v.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details>
        <summary>The figures</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Withdrawals</th>
              <th scope="col">USDC</th>
            </tr>
          </thead>
          <tbody>
            {volumes.map((v) => (
              <tr key={v.day}>
                <td>{calendarDay(v.day)}</td>
                <td>{v.withdrawals}</td>
                <td className="amount-cell">{groupDigits(v.usdc)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Lines({ lines, empty, show }: { lines: Line[]; empty: string; show: 'settles' | 'reason' | 'created' }) {
  if (!lines.length) return <p className="muted">{empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Customer</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
          <th scope="col">{show === 'settles' ? 'Should settle by' : show === 'reason' ? 'Reason' : 'Created'}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id}>
            <td>
              <a className="mono" href={`#/transactions/${l.id}`}>
                {l.reference}
              </a>
            </td>
            <td>{l.customerName ?? '—'}</td>
            <td className="amount-cell">{money(l.amount, l.currency)}</td>
            <td>
              <Badge status={l.status} />
            </td>
            <td>
              {show === 'settles'
                ? l.settlesBy
                  ? localTime(l.settlesBy)
                  : 'not said'
                : show === 'reason'
                  ? (l.reason ?? '—')
                  : localTime(l.createdAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HomePage() {
  const loaded = useLoad<Home>('/api/console/home');
  const home = loaded.data;
  return (
    <Page title="Home" loaded={loaded}>
      {home && (
        <>
          <div className="tiles">
            <a className="card tile" href="#/approvals">
              <span className="tile-figure">{home.awaitingApproval.count}</span> awaiting approval
            </a>
            <div className="card tile">
              <span className="tile-figure">{home.inFlight.reduce((n, r) => n + r.count, 0)}</span> in flight
            </div>
            <div className="card tile">
              <span className="tile-figure">{home.failed.length}</span> failed or returned, last {home.days} days
            </div>
            <CustomersTotal />
            <div className="card tile">
              <span className="tile-figure">{groupDigits(home.balances.organizationUsdc)}</span> USDC of the
              organization's own (custodial)
            </div>
          </div>
          <CustodyBlock />
          <h2>Needs an operator</h2>
          <Lines
            lines={home.needsOperator.processingTooLong}
            empty="Nothing: no payout is processing longer than it should."
            show="created"
          />
          {home.needsOperator.quarantinedReports.length > 0 && (
            <ul>
              {home.needsOperator.quarantinedReports.map((report) => (
                <li key={report.reportId}>
                  <a href="#/reconciliation">Bank report {report.name} quarantined</a> ({localTime(report.receivedAt)}
                  ): {report.quarantineReason}
                </li>
              ))}
            </ul>
          )}
          <h2>Withdrawals per day</h2>
          <VolumeChart volumes={home.volumes} />
          <h2>In flight</h2>
          {home.inFlight.length === 0 && <p className="muted">No payout is in flight.</p>}
          {home.inFlight.map((rail) => (
            <section key={rail.rail}>
              <h3>
                {rail.rail}: {rail.count}
              </h3>
              <Lines lines={rail.items} empty="" show="settles" />
            </section>
          ))}
          <h2>Failed or returned, last {home.days} days</h2>
          <Lines lines={home.failed} empty="No payout failed." show="reason" />
          <h2>Awaiting approval</h2>
          <Lines lines={home.awaitingApproval.items} empty="Nothing waits for a signature." show="created" />
        </>
      )}
    </Page>
  );
}
