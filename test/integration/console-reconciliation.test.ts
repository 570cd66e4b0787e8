import { beforeAll, describe, expect, it } from 'vitest';
import type { Home } from '#shared/console/views/home-view-schemas.ts';
import type { Movement, Reconciliation } from '#shared/console/views/reconciliation-view-schemas.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { recordReportOutcome } from '#shared/payouts/report-outcomes.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { bookedReport, freshChannel, rejectedReport, returnedReport } from '#test/support/rails/bank-channel.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The reconciliation view (shared/console/README.md, "Views"): one row per fact of the bank's reports about the
 * organization's payouts, with the payout's amount, each booking, return and rejection once and a report delivered
 * again as a duplicate that moved no money; totals per currency; filters; the quarantined reports with the reason;
 * the payouts still waiting for a report; and the quarantined reports on the Home's "needs an operator".
 */
// A table of its own: the batcher reads the table-wide timer index.
const table = useOwnTable();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
let payee: Awaited<ReturnType<typeof givenPayee>>;
let viewer: Session;
let stranger: Session;
let returned: Transaction;
let rejected: Transaction;
let waiting: Transaction;

const view = (session: Session, path = '/reconciliation') =>
  request<Reconciliation>('GET', `${origin()}/api/console${path}`, { headers: session.headers });

const withdraw = async (sourceAmount: string) => {
  const res = await payee.withdraw({ sourceAmount }, { 'Idempotency-Key': `recon-${crypto.randomUUID()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

/** What a row says, in short: the file, the reference, the effect, whether money moved, the amount. */
const brief = (movement: Movement) => [
  movement.reportName,
  movement.reference,
  movement.effect,
  movement.moneyMoved,
  movement.amount,
];

beforeAll(async () => {
  payee = await givenPayee(table.deps, request, { balance: '500.00', organization: { requiredApprovals: 1 } });
  viewer = await givenMemberSession(table.deps, payee.org.organizationId, 'viewer');
  const other = await givenPayee(table.deps, request, { balance: '10.00' });
  stranger = await givenMemberSession(table.deps, other.org.organizationId, 'owner');

  returned = await withdraw('20.00');
  rejected = await withdraw('10.00');
  waiting = await withdraw('30.00');
  const channel = freshChannel();
  expect((await batchPayouts(table.deps, channel, new Date(Date.now() + 3600_000))).payments).toBe(3);
  const deliver = async (name: string, report: string, outcome: 'applied' | 'quarantined' = 'applied') => {
    await channel.writeInbox(name, report);
    const result = await processInboxReport(table.deps, channel, name);
    expect(result, JSON.stringify(result)).toMatchObject({ outcome });
  };
  await deliver('booked.xml', bookedReport([returned], '2026-11-23'));
  // The same booking delivered again: recorded again, its fact skipped.
  await deliver('booked-again.xml', bookedReport([returned], '2026-11-23'));
  // The bank gives the SEPA payout back, and sends the return twice: the balance moves once.
  await deliver('returned.xml', returnedReport([returned]));
  // A second reader of the same report at once (the inbox worker beside the sandbox route) planned it before the
  // first applied it: it records the return as applied too, though the balance moved once.
  await recordReportOutcome(table.deps, {
    name: 'returned.xml',
    trace: { kind: 'camt.054', references: [returned.reference], effects: new Map([[returned.reference, 'returned']]) },
    quarantineReason: null,
  });
  await deliver('returned-again.xml', returnedReport([returned]));
  const filed = await getTransactionOfCustomer(table.deps.db, payee.org.organizationId, payee.customerId, rejected.id);
  await deliver('rejected.xml', rejectedReport([rejected.reference], filed?.paymentFileId ?? 'NOTPROVIDED'));
  // A booking of the waiting payout for the wrong amount: quarantined whole.
  await deliver('wrong.xml', bookedReport([{ ...waiting, targetAmount: '1.00' }], '2026-11-24'), 'quarantined');
  // A report naming no payout of any organization stays the operator's.
  const unknown = { reference: 'WD-NONE-0000', targetAmount: '1.00', targetCurrency: 'EUR' };
  await deliver('unknown.xml', bookedReport([unknown], '2026-11-24'), 'quarantined');
}, 90_000);

describe('reconciliation', () => {
  it('lists one row per money movement with its amount, and a report delivered again as a duplicate that moved nothing', async () => {
    const res = await view(viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const amount = returned.targetAmount;
    expect(res.body.movements.map(brief)).toEqual([
      ['rejected.xml', rejected.reference, 'rejected', false, rejected.targetAmount],
      ['returned-again.xml', returned.reference, 'duplicate', false, amount],
      ['returned.xml', returned.reference, 'duplicate', false, amount],
      ['returned.xml', returned.reference, 'returned', true, amount],
      ['booked-again.xml', returned.reference, 'duplicate', false, amount],
      ['booked.xml', returned.reference, 'booked', true, amount],
    ]);
    expect(res.body.movements.at(-1)).toMatchObject({
      reportKind: 'camt.054',
      transactionId: returned.id,
      customerName: 'Ada Lovelace',
      currency: returned.targetCurrency,
      usdc: '20.00',
      rail: 'SEPA',
      bookingDate: '2026-11-23',
    });
    // The returned payout keeps the date its debit was booked, so the statement's debit finds its row.
    expect(res.body.movements[3]?.bookingDate).toBe('2026-11-23');
  });

  it('totals per currency what moved: booked out, returned back, their difference; rejections beside; duplicates in none', async () => {
    const { body } = await view(viewer);
    expect(body.totals).toEqual([
      {
        currency: returned.targetCurrency,
        booked: { count: 1, amount: returned.targetAmount },
        returned: { count: 1, amount: returned.targetAmount },
        net: '0.00',
        rejected: { count: 1, amount: rejected.targetAmount },
      },
    ]);
    expect(body.duplicates).toBe(3);
  });

  it('filters by effect (any case), by a reference part and by the period the reports were received in', async () => {
    const duplicates = await view(viewer, '/reconciliation?effect=DUPLICATE');
    expect(duplicates.status, JSON.stringify(duplicates.body)).toBe(200);
    expect(duplicates.body.movements.map((m) => m.reportName)).toEqual([
      'returned-again.xml',
      'returned.xml',
      'booked-again.xml',
    ]);
    expect(duplicates.body.totals).toEqual([]);
    expect(duplicates.body.quarantined).toEqual([]);

    const part = rejected.reference.slice(3, 8).toLowerCase();
    const found = await view(viewer, `/reconciliation?reference=${part}`);
    expect(found.body.movements.map((m) => m.reference)).toEqual([rejected.reference]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await view(viewer, `/reconciliation?from=${today}&to=${today}`)).body.movements).toHaveLength(6);
    expect((await view(viewer, '/reconciliation?to=2020-01-01')).body.movements).toEqual([]);
    const bad = await view(viewer, '/reconciliation?effect=lost');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/^effect: /) });
  });

  it('lists a quarantined report with its reason apart, as no movement', async () => {
    const { body } = await view(viewer);
    expect(body.quarantined.map((r) => r.name)).toEqual(['wrong.xml']);
    expect(body.quarantined[0]?.quarantineReason).toMatch(/^Not applied: Contradiction: .*1\.00/);
    expect(body.quarantined[0]?.facts).toEqual([
      { reference: waiting.reference, transactionId: waiting.id, effect: null },
    ]);
    expect(body.movements.some((m) => m.reference === waiting.reference)).toBe(false);
  });

  it('lists the payouts in a payment file still waiting for a report', async () => {
    const { body } = await view(viewer);
    expect(body.awaitingReport.map((p) => [p.id, p.reference, p.customerName])).toEqual([
      [waiting.id, waiting.reference, 'Ada Lovelace'],
    ]);
    expect(body.awaitingReport[0]?.paymentFileId).toMatch(/\S/);
  });

  it('pages by report', async () => {
    const first = await view(viewer, '/reconciliation?limit=2');
    expect(first.body.quarantined.map((r) => r.name)).toEqual(['wrong.xml']);
    expect(first.body.movements.map((m) => m.reportName)).toEqual(['rejected.xml']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await view(viewer, `/reconciliation?limit=5&cursor=${first.body.nextCursor}`);
    expect(next.body.movements.map((m) => m.reportName)).toEqual([
      'returned-again.xml',
      'returned.xml',
      'returned.xml',
      'booked-again.xml',
      'booked.xml',
    ]);
    expect(next.body.nextCursor).toBeNull();
    // Another organization's cursor is no way in.
    const crossed = await view(stranger, `/reconciliation?limit=2&cursor=${first.body.nextCursor}`);
    expect(crossed.status).toBe(400);
  });

  it("shows another organization none of it, and reports naming no one's payout to no organization", async () => {
    const { body } = await view(stranger);
    expect(body).toEqual({
      movements: [],
      totals: [],
      duplicates: 0,
      quarantined: [],
      nextCursor: null,
      awaitingReport: [],
    });
  });

  it("puts the organization's quarantined reports on the Home's needs-an-operator", async () => {
    const home = await request<Home>('GET', `${origin()}/api/console/home`, { headers: viewer.headers });
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.needsOperator.quarantinedReports.map((r) => r.name)).toEqual(['wrong.xml']);
  });
});
