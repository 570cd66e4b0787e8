import { beforeAll, describe, expect, it } from 'vitest';
import type { Home } from '#shared/console/home-view-schemas.ts';
import type { Reconciliation } from '#shared/console/reconciliation-view-schemas.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { bookedReport, freshChannel } from '#test/support/rails/bank-channel.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The reconciliation view (shared/console/README.md, "Views"): each bank report's outcome recorded for each
 * organization whose payouts it names (facts applied or skipped, or the quarantine's reason), the payouts still
 * waiting for a report, and the quarantined reports on the Home's "needs an operator".
 */
// A table of its own: the batcher reads the table-wide timer index.
const table = useOwnTable();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
let payee: Awaited<ReturnType<typeof givenPayee>>;
let viewer: Session;
let stranger: Session;
let booked: Transaction;
let waiting: Transaction;

const view = (session: Session, path = '/reconciliation') =>
  request<Reconciliation>('GET', `${origin()}/api/console${path}`, { headers: session.headers });

const withdraw = async (sourceAmount: string) => {
  const res = await payee.withdraw({ sourceAmount }, { 'Idempotency-Key': `recon-${crypto.randomUUID()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

beforeAll(async () => {
  payee = await givenPayee(table.deps, request, { balance: '500.00', organization: { requiredApprovals: 1 } });
  viewer = await givenMemberSession(table.deps, payee.org.organizationId, 'viewer');
  const other = await givenPayee(table.deps, request, { balance: '10.00' });
  stranger = await givenMemberSession(table.deps, other.org.organizationId, 'owner');

  booked = await withdraw('20.00');
  waiting = await withdraw('30.00');
  const channel = freshChannel();
  expect((await batchPayouts(table.deps, channel, new Date(Date.now() + 3600_000))).payments).toBe(2);
  await channel.writeInbox('booked.xml', bookedReport([booked], '2026-11-23'));
  expect(await processInboxReport(table.deps, channel, 'booked.xml')).toMatchObject({ outcome: 'applied' });
  // The same booking delivered again: recorded again, its fact skipped.
  await channel.writeInbox('booked-again.xml', bookedReport([booked], '2026-11-23'));
  expect(await processInboxReport(table.deps, channel, 'booked-again.xml')).toMatchObject({ outcome: 'applied' });
  // A booking of the waiting payout for the wrong amount: quarantined whole.
  await channel.writeInbox('wrong.xml', bookedReport([{ ...waiting, targetAmount: '1.00' }], '2026-11-24'));
  expect(await processInboxReport(table.deps, channel, 'wrong.xml')).toMatchObject({ outcome: 'quarantined' });
  // A report naming no payout of any organization stays the operator's.
  const unknown = { reference: 'WD-NONE-0000', targetAmount: '1.00', targetCurrency: 'EUR' };
  await channel.writeInbox('unknown.xml', bookedReport([unknown], '2026-11-24'));
  expect(await processInboxReport(table.deps, channel, 'unknown.xml')).toMatchObject({ outcome: 'quarantined' });
}, 90_000);

describe('reconciliation', () => {
  it('lists each report with what each fact did, or why it was quarantined, newest first', async () => {
    const res = await view(viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reports.map((r) => [r.name, r.outcome])).toEqual([
      ['wrong.xml', 'quarantined'],
      ['booked-again.xml', 'applied'],
      ['booked.xml', 'applied'],
    ]);
    const [wrong, again, first] = res.body.reports;
    expect(first).toMatchObject({ kind: 'camt.054', quarantineReason: null });
    expect(first?.facts).toEqual([{ reference: booked.reference, transactionId: booked.id, effect: 'completed' }]);
    expect(again?.facts).toEqual([{ reference: booked.reference, transactionId: booked.id, effect: 'skipped' }]);
    expect(wrong?.quarantineReason).toMatch(/^Not applied: Contradiction: .*1\.00/);
    expect(wrong?.facts).toEqual([{ reference: waiting.reference, transactionId: waiting.id, effect: null }]);
  });

  it('lists the payouts in a payment file still waiting for a report', async () => {
    const { body } = await view(viewer);
    expect(body.awaitingReport.map((p) => [p.id, p.reference, p.customerName])).toEqual([
      [waiting.id, waiting.reference, 'Ada Lovelace'],
    ]);
    expect(body.awaitingReport[0]?.paymentFileId).toMatch(/\S/);
  });

  it('pages the reports', async () => {
    const first = await view(viewer, '/reconciliation?limit=2');
    expect(first.body.reports).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await view(viewer, `/reconciliation?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body.reports.map((r) => r.name)).toEqual(['booked.xml']);
    expect(next.body.nextCursor).toBeNull();
    // Another organization's cursor is no way in.
    const crossed = await view(stranger, `/reconciliation?limit=2&cursor=${first.body.nextCursor}`);
    expect(crossed.status).toBe(400);
  });

  it("shows another organization none of it, and reports naming no one's payout to no organization", async () => {
    const { body } = await view(stranger);
    expect(body).toEqual({ reports: [], nextCursor: null, awaitingReport: [] });
  });

  it("puts the organization's quarantined reports on the Home's needs-an-operator", async () => {
    const home = await request<Home>('GET', `${origin()}/api/console/home`, { headers: viewer.headers });
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.needsOperator.quarantinedReports.map((r) => r.name)).toEqual(['wrong.xml']);
  });
});
