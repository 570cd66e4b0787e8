import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleTransaction, EXPORT_COLUMNS } from '#shared/console/views/transaction-view-schemas.ts';
import { keys } from '#shared/db/keys.ts';
import { apiKeyHint } from '#shared/organizations/api-keys.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import { RAILS } from '#shared/rails/bank/rails.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { bookedReport, freshChannel } from '#test/support/rails/bank-channel.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * What a finance team reconciles with (shared/console/README.md, "Views"): the rail each payout's money went by
 * beside its bank's, in the list and its filter (every rail of the descriptors), and the CSV export a bank statement
 * is matched against: UTF-8 with the byte order mark, ASCII masks, the settlement rail, completion and booking dates
 * (a returned payout's too), a deposit's chain transaction, and full account numbers for owners and admins, audited.
 */
// A table of its own: the batcher reads the table-wide timer index.
const table = useOwnTable();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
type Row = ConsoleTransaction;
let payee: Awaited<ReturnType<typeof givenPayee>>;
let viewer: Session;
let booked: Transaction;

const consoleCall = <T = unknown>(path: string) =>
  request<T>('GET', `${origin()}/api/console${path}`, { headers: viewer.headers });

beforeAll(async () => {
  payee = await givenPayee(table.deps, request, { balance: '500.00', organization: { requiredApprovals: 1 } });
  viewer = await givenMemberSession(table.deps, payee.org.organizationId, 'viewer');
  const created = await payee.withdraw(
    { sourceAmount: '20.00' },
    { 'Idempotency-Key': `finance-${crypto.randomUUID()}` },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  booked = created.body;
  const channel = freshChannel();
  expect((await batchPayouts(table.deps, channel, new Date(Date.now() + 3600_000))).payments).toBe(1);
  await channel.writeInbox('booked.xml', bookedReport([booked], '2026-11-23'));
  expect(await processInboxReport(table.deps, channel, 'booked.xml')).toMatchObject({ outcome: 'applied' });
}, 60_000);

/** The booked payout's stored item, to copy as the batcher and the bank would leave other payouts. */
async function bookedItem() {
  const { Item } = await table.deps.db.client.send(
    new GetCommand({
      TableName: table.deps.db.tableName,
      Key: keys.transaction(payee.org.organizationId, payee.customerId, booked.id),
    }),
  );
  if (!Item) throw new Error('the booked payout is gone');
  return Item;
}

/** Copies of the booked payout with `changes`, written straight to the table (at most 25). */
async function storedCopies(changes: Record<string, unknown>[]) {
  const item = await bookedItem();
  const copies = changes.map((change) => {
    const transactionId = crypto.randomUUID();
    // A change to `undefined` removes the attribute.
    const copy = Object.fromEntries(
      Object.entries({ ...item, transactionId, ...change }).filter(([, value]) => value !== undefined),
    );
    const createdAt = String(copy.createdAt);
    return {
      ...copy,
      transactionId,
      ...keys.transaction(payee.org.organizationId, payee.customerId, transactionId),
      ...keys.transactionListEntry(payee.org.organizationId, payee.customerId, createdAt, transactionId),
      ...keys.transactionOrganizationEntry(payee.org.organizationId, createdAt, transactionId),
    };
  });
  await table.deps.db.client.send(
    new BatchWriteCommand({
      RequestItems: { [table.deps.db.tableName]: copies.map((Item) => ({ PutRequest: { Item } })) },
    }),
  );
  return copies;
}

const USD_BANK = {
  id: crypto.randomUUID(),
  beneficiaryName: 'Grace Hopper',
  currency: 'USD',
  iban: null,
  bic: null,
  accountNumber: '000123456789',
  routingNumber: '026009593',
  paymentRail: 'FEDWIRE',
};

describe("the rail a payout's money goes by", () => {
  it("shows and filters by the rail the money went by, not the bank's: ACH to a FEDWIRE bank, SEPA Instant to a SEPA bank", async () => {
    // A day of 2025 no other test's period holds.
    const at = '2025-04-10T10:00:00.000Z';
    const [ach, instant, unfiled] = await storedCopies([
      {
        createdAt: at,
        reference: 'WD-RAIL-ACH1',
        targetCurrency: 'USD',
        withdrawalBank: USD_BANK,
        settlementRail: 'ACH',
      },
      {
        createdAt: at,
        reference: 'WD-RAIL-INST',
        settlementRail: 'SEPA_INSTANT',
        requestedPaymentRail: 'SEPA_INSTANT',
      },
      // Not filed yet (still to be signed): the rail it asked for, said to be expected.
      {
        createdAt: at,
        reference: 'WD-RAIL-WAIT',
        status: 'PROPOSED',
        completedAt: null,
        paymentFileId: undefined,
        settlementRail: null,
        requestedPaymentRail: 'SEPA_INSTANT',
      },
    ]);
    const period = 'from=2025-04-10&to=2025-04-10';
    const rows = (await consoleCall<Row[]>(`/transactions?${period}`)).body;
    const railsOf = (id: unknown) => {
      const row = rows.find((t) => t.id === id);
      return [row?.paymentRail, row?.settlementRail, row?.payoutRail];
    };
    expect(railsOf(ach?.transactionId)).toEqual(['FEDWIRE', 'ACH', { rail: 'ACH', filed: true }]);
    expect(railsOf(instant?.transactionId)).toEqual(['SEPA', 'SEPA_INSTANT', { rail: 'SEPA_INSTANT', filed: true }]);
    expect(railsOf(unfiled?.transactionId)).toEqual(['SEPA', null, { rail: 'SEPA_INSTANT', filed: false }]);

    const filtered = async (rail: string) =>
      (await consoleCall<Row[]>(`/transactions?${period}&rail=${rail}`)).body.map((t) => t.reference).sort();
    expect(await filtered('ach')).toEqual(['WD-RAIL-ACH1']);
    expect(await filtered('FEDWIRE')).toEqual([]);
    expect(await filtered('SEPA_INSTANT')).toEqual(['WD-RAIL-INST', 'WD-RAIL-WAIT']);
    expect(await filtered('SEPA')).toEqual([]);
  });

  it('names every rail of the rail descriptors, with the bank rail each pays, for the filter', async () => {
    const rails = await consoleCall<{ rail: string; bankRail: string; currencies: string[] }[]>('/rails');
    expect(rails.status, JSON.stringify(rails.body)).toBe(200);
    expect(rails.body.map((r) => r.rail)).toEqual([...RAIL_NAMES]);
    expect(rails.body.map((r) => [r.rail, r.bankRail])).toEqual(RAIL_NAMES.map((name) => [name, RAILS[name].bankRail]));
    expect(rails.body.find((r) => r.rail === 'ACH')).toEqual({ rail: 'ACH', bankRail: 'FEDWIRE', currencies: ['USD'] });
  });
});

describe('the finance export, to match a bank statement', () => {
  // A day of 2025 no other test's period holds.
  const DAY = '2025-03-10';
  const period = `from=${DAY}&to=${DAY}`;
  const bytesOf = async (path: string, headers: Record<string, string>, method = 'GET') => {
    const res = await fetch(`${origin()}/api/console${path}`, { method, headers });
    return { status: res.status, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  };
  const rowsOf = (csv: string) => {
    const [header = '', ...lines] = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const columns = header.split(',');
    return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
  };
  let owner: Session;
  let admin: Session;
  let approver: Session;

  beforeAll(async () => {
    [owner, admin, approver] = await Promise.all([
      givenMemberSession(table.deps, payee.org.organizationId, 'owner'),
      givenMemberSession(table.deps, payee.org.organizationId, 'admin'),
      givenMemberSession(table.deps, payee.org.organizationId, 'approver'),
    ]);
    await storedCopies([
      // Booked on the 11th, returned by the bank on the 12th.
      {
        createdAt: `${DAY}T09:00:00.000Z`,
        reference: 'WD-FIN-RTRN',
        status: 'FAILED',
        completedAt: '2025-03-11T00:00:00.000Z',
        returnedAt: '2025-03-12T08:30:00.000Z',
        failureReason: 'AC04: Compte clôturé',
      },
      {
        createdAt: `${DAY}T10:00:00.000Z`,
        reference: 'WD-FIN-ACH1',
        completedAt: '2025-03-11T00:00:00.000Z',
        targetCurrency: 'USD',
        withdrawalBank: USD_BANK,
        settlementRail: 'ACH',
      },
      {
        createdAt: `${DAY}T11:00:00.000Z`,
        reference: 'DP-FIN-CHAIN',
        type: 'DEPOSIT',
        completedAt: `${DAY}T11:00:00.000Z`,
        targetCurrency: 'USDC',
        withdrawalBank: null,
        paymentFileId: undefined,
        settlementRail: null,
        createdBy: undefined,
        txHash: `0x${'ab'.repeat(32)}`,
      },
    ]);
  }, 60_000);

  it('opens with the UTF-8 byte order mark and writes no character Excel would garble in a masked account or key', async () => {
    const { status, text } = await bytesOf(`/exports/transactions/csv?${period}`, viewer.headers);
    expect(status).toBe(200);
    expect(text.startsWith(`\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(text).not.toContain('…');
    // What the customer wrote stays as written: the byte order mark makes Excel read it as UTF-8.
    expect(text).toContain('AC04: Compte clôturé');
    const rows = rowsOf(text);
    expect(rows.find((row) => row.reference === 'WD-FIN-RTRN')).toMatchObject({
      account: 'DE89****3000',
      createdByApiKey: apiKeyHint(payee.key).replace('…', '...'),
    });
    expect(rows.find((row) => row.reference === 'WD-FIN-ACH1')).toMatchObject({ account: '****6789' });
  });

  it("says the settlement rail beside the bank rail, the completion time, the booking date of a returned payout and a deposit's chain transaction", async () => {
    const rows = rowsOf((await bytesOf(`/exports/transactions/csv?${period}`, viewer.headers)).text);
    const byReference = (reference: string) => rows.find((row) => row.reference === reference);
    expect(byReference('WD-FIN-ACH1')).toMatchObject({
      bankRail: 'FEDWIRE',
      settlementRail: 'ACH',
      completedAt: '2025-03-11T00:00:00.000Z',
      bookingDate: '2025-03-11',
      routingNumber: '026009593',
    });
    expect(byReference('WD-FIN-RTRN')).toMatchObject({
      status: 'FAILED',
      bookingDate: '2025-03-11',
      returnedAt: '2025-03-12T08:30:00.000Z',
      settlementRail: 'SEPA',
    });
    expect(byReference('DP-FIN-CHAIN')).toMatchObject({ txHash: `0x${'ab'.repeat(32)}`, settlementRail: '' });
  });

  it('gives owners and admins the full account numbers, each page written to the audit log first', async () => {
    const { status, text } = await bytesOf(`/exports/transactions/with-accounts/csv?${period}`, owner.headers, 'POST');
    expect(status).toBe(200);
    expect(text.startsWith('\uFEFFreference,')).toBe(true);
    const rows = rowsOf(text);
    expect(rows.find((row) => row.reference === 'WD-FIN-RTRN')?.account).toBe('DE89370400440532013000');
    expect(rows.find((row) => row.reference === 'WD-FIN-ACH1')?.account).toBe('000123456789');

    const audit = await request<{ action: string; actor: { email: string }; details: Record<string, string> }[]>(
      'GET',
      `${origin()}/api/console/audit-log?action=transactions.exported_with_accounts`,
      { headers: owner.headers },
    );
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body).toEqual([
      expect.objectContaining({
        action: 'transactions.exported_with_accounts',
        actor: expect.objectContaining({ email: owner.email }),
        details: {
          from: `${DAY}T00:00:00.000Z`,
          to: '2025-03-11T00:00:00.000Z',
          page: 'first',
          rows: String(rows.length),
        },
      }),
    ]);
  });

  it('gives admins the full accounts too', async () => {
    const { status, text } = await bytesOf(`/exports/transactions/with-accounts/csv?${period}`, admin.headers, 'POST');
    expect(status).toBe(200);
    expect(rowsOf(text).find((row) => row.reference === 'WD-FIN-ACH1')?.account).toBe('000123456789');
  });

  it('refuses the full accounts to approvers and viewers (403), who get them masked', async () => {
    for (const member of [approver, viewer]) {
      const refused = await bytesOf(`/exports/transactions/with-accounts/csv?${period}`, member.headers, 'POST');
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toEqual({ error: expect.stringMatching(/^The (approver|viewer) role may not/) });
      const masked = await bytesOf(`/exports/transactions/csv?${period}`, member.headers);
      expect(rowsOf(masked.text).find((row) => row.reference === 'WD-FIN-RTRN')?.account).toBe('DE89****3000');
    }
  });
});
