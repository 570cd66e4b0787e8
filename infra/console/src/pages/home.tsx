import type { Home } from '../api.ts';
import { calendarDay, counted, groupDigits, localTime, money, words } from '../format.ts';
import { Badge, Page, useLoad } from '../ui.tsx';
import { CustodyBlock } from './custody-block.tsx';
import { CustomersTotal } from './customers-total.tsx';
import { TreasurySendsBlock } from './treasury-sends-block.tsx';

type Line = Home['failed'][number];

/** The USDC of a day as a number of cents, for the bar's height only (every figure shown is the API's text). */
const cents = (usdc: string) => {
  const [whole = '0', fraction = ''] = usdc.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/** The axis's top and step in whole USDC: 1, 2 or 5 times a power of ten, four steps covering the largest day. */
function axisScale(topCents: number): { top: number; step: number } {
  const rough = Math.max(1, Math.ceil(topCents / 100 / 4));
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? rough;
  return { top: step * 4, step };
}

type Volume = Home['volumes'][number];

/** What the withdrawals of a day that did not go to the bank are now, in words: `2 cancelled, 1 failed`. */
function notPaidOut(volume: Volume): string {
  const parts = Object.entries(volume.byStatus)
    .filter(([status, count]) => status !== 'PROCESSING' && status !== 'COMPLETED' && count > 0)
    .map(([status, count]) => `${count} ${words(status).toLowerCase()}`);
  return parts.length ? parts.join(', ') : '—';
}

/**
 * Per day, the USDC of the withdrawals that went to the bank (PROCESSING or COMPLETED; rejected, cancelled, expired,
 * failed, returned and unsigned ones are not money paid out) as bars on a USDC axis, with a table of the figures
 * for screen readers and exact reading, which also counts the others by status.
 */
function VolumeChart({ volumes }: { volumes: Home['volumes'] }) {
  const width = 640;
  const plot = { left: 64, top: 28, height: 160 };
  const plotWidth = width - plot.left;
  const gap = 4;
  const bar = (plotWidth - gap * (volumes.length - 1)) / volumes.length;
  const scale = axisScale(Math.max(0, ...volumes.map((v) => cents(v.usdc))));
  const y = (usdcCents: number) => plot.top + plot.height - (usdcCents / (scale.top * 100)) * plot.height;
  const ticks = [0, 1, 2, 3, 4].map((i) => i * scale.step);
  const base = plot.top + plot.height;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${base + 40}`}
        role="img"
        aria-labelledby="volume-title"
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id="volume-title">
          USDC paid out per day (withdrawals sent to the bank), the last {volumes.length} days
        </title>
        <g className="axis">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={plot.left} x2={width} y1={y(tick * 100)} y2={y(tick * 100)} stroke="#d5dae2" />
              <text x={plot.left - 6} y={y(tick * 100) + 4} fontSize="11" fill="#3b4556" textAnchor="end">
                {groupDigits(String(tick))}
              </text>
            </g>
          ))}
          <line x1={plot.left} x2={plot.left} y1={plot.top} y2={base} stroke="#3b4556" />
          <line x1={plot.left} x2={width} y1={base} y2={base} stroke="#3b4556" />
          <text x={0} y={12} fontSize="11" fill="#3b4556">
            USDC paid out
          </text>
          <text x={width} y={base + 34} fontSize="11" fill="#3b4556" textAnchor="end">
            Day (UTC)
          </text>
        </g>
        {volumes.map((v, i) => {
          const top = y(cents(v.usdc));
          const x = plot.left + i * (bar + gap);
          return (
            <g key={v.day}>
              <rect x={x} y={top} width={bar} height={base - top} fill="#2957d8">
                <title>
                  {calendarDay(v.day)}: {groupDigits(v.usdc)} USDC in {counted(v.withdrawals, 'withdrawal')} paid out
                </title>
              </rect>
              {/* Every other day, counted back from today, so today is always labelled. */}
              {(volumes.length - 1 - i) % 2 === 0 && (
                <text x={x} y={base + 14} fontSize="11" fill="#3b4556">
                  {v.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">
        Withdrawals sent to the bank (processing or completed), by the day they were created. Rejected, cancelled,
        expired, failed and returned withdrawals are not paid out: the figures count them apart.
      </figcaption>
      <details>
        <summary>The figures</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Paid out</th>
              <th scope="col">USDC</th>
              <th scope="col">Not paid out</th>
            </tr>
          </thead>
          <tbody>
            {volumes.map((v) => (
              <tr key={v.day}>
                <td>{calendarDay(v.day)}</td>
                <td>{v.withdrawals}</td>
                <td className="amount-cell">{groupDigits(v.usdc)}</td>
                <td>{notPaidOut(v)}</td>
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
            <div className="card tile" data-tile="own-usdc">
              <span className="tile-figure">{groupDigits(home.balances.organizationUsdc)}</span> USDC: your
              organization's own balance
              <span className="tile-note">
                The developer fees you have claimed, held for you in custody: yours, not your customers'.{' '}
                {groupDigits(home.balances.unclaimedFeesUsdc)} USDC more earned and not claimed yet.
              </span>
            </div>
          </div>
          <CustodyBlock />
          <TreasurySendsBlock />
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
