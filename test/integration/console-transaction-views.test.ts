import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleTransaction, EXPORT_COLUMNS } from '#shared/console/views/transaction-view-schemas.ts';
import { keys } from '#shared/db/keys.ts';
import { apiKeyHint } from '#shared/organizations/api-keys.ts';
import { listApiKeysOfOrganization } from '#shared/organizations/repository.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { recordFirstAttempt } from '#shared/webhooks/repository.ts';
import { givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { bookedReport, freshChannel } from '#test/support/rails/bank-channel.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The console's transaction views (shared/console/README.md, "Transactions, a payout's story, the export"): the
 * list with names, filters and a reference search; one payout's whole story from creation to the booking and its
 * webhooks; the export of a period as JSON and CSV, paged through a volume that spans several pages.
 */
// A table of its own: the batcher reads the table-wide timer index, and the volume stays out of other files.
const table = useOwnTable();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
type Row = ConsoleTransaction;
let payee: Awaited<ReturnType<typeof givenPayee>>;
let viewer: Session;
let booked: Transaction;
let otherCustomer: string;

const consoleCall = <T = unknown>(path: string) =>
  request<T>('GET', `${origin()}/api/console${path}`, { headers: viewer.headers });

const withdraw = async (sourceAmount: string) => {
  const res = await payee.withdraw({ sourceAmount }, { 'Idempotency-Key': `story-${crypto.randomUUID()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

const nextOf = (headers: Headers) => /<([^>]+)>; rel="next"/.exec(headers.get('link') ?? '')?.[1];

beforeAll(async () => {
  payee = await givenPayee(table.deps, request, { balance: '500.00', organization: { requiredApprovals: 1 } });
  viewer = await givenMemberSession(table.deps, payee.org.organizationId, 'viewer');
  otherCustomer = await givenCustomer(request, payee.key, { name: 'Grace Hopper' });
  await request('POST', `/sandbox/customers/${otherCustomer}/balance`, { key: payee.key, body: { amount: '5' } });

  booked = await withdraw('20.00');
  expect(booked.status).toBe('PROCESSING');
  // The batcher files it (an hour on, whatever the sandbox's settle delay), the bank books it on the 23rd.
  const channel = freshChannel();
  const later = new Date(Date.now() + 3600_000);
  const run = await batchPayouts(table.deps, channel, later);
  expect(run.payments).toBe(1);
  await channel.writeInbox('booked.xml', bookedReport([booked], '2026-11-23'));
  expect(await processInboxReport(table.deps, channel, 'booked.xml')).toMatchObject({ outcome: 'applied' });
}, 60_000);

describe("the organization's transactions, as the console lists them", () => {
  it("names the customer and masks the account; filters by customer, rail, period and a reference's part", async () => {
    const all = await consoleCall<Row[]>('/transactions');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const row = all.body.find((t) => t.id === booked.id);
    expect(row).toMatchObject({ reference: booked.reference, customerName: 'Ada Lovelace', status: 'COMPLETED' });
    expect(row?.maskedAccount).toMatch(/^[A-Z]{2}\d{2} … \w{4}$/);
    expect(all.body.some((t) => t.customerName === 'Grace Hopper')).toBe(true);

    const part = booked.reference.slice(3, 8).toLowerCase();
    const found = await consoleCall<Row[]>(`/transactions?reference=${part}`);
    expect(found.body.map((t) => t.id)).toEqual([booked.id]);

    const ofCustomer = await consoleCall<Row[]>(`/transactions?customerId=${otherCustomer}`);
    expect(ofCustomer.body.length).toBeGreaterThan(0);
    expect(ofCustomer.body.every((t) => t.customerId === otherCustomer)).toBe(true);

    expect((await consoleCall<Row[]>('/transactions?rail=sepa')).body.map((t) => t.id)).toContain(booked.id);
    expect((await consoleCall<Row[]>('/transactions?rail=SWIFT')).body).toEqual([]);
    expect(row?.payoutRail).toEqual({ rail: 'SEPA', filed: true });

    const day = booked.createdAt.slice(0, 10);
    expect((await consoleCall<Row[]>(`/transactions?from=${day}&to=${day}`)).body.map((t) => t.id)).toContain(
      booked.id,
    );
    expect((await consoleCall<Row[]>(`/transactions?to=2020-01-01`)).body).toEqual([]);
  });

  it('refuses a period that is not one, naming the field (400)', async () => {
    const bad = await consoleCall('/transactions?from=2026-13-45');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/^from: Must be a date \(2026-11-01\)/) });
    const reversed = await consoleCall('/transactions?from=2026-11-02&to=2026-11-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual({ error: 'from: from must be before to' });
  });
});

describe("a payout's whole story", () => {
  it('shows the creation, the approval, the payment file, the booking and the webhook deliveries about it', async () => {
    const endpoint = await request<{ id: string }>('POST', '/webhooks/endpoints', {
      key: payee.key,
      body: { url: 'https://hooks.example.com/payouts' },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const delivery = (deliveryId: string, transactionId: string) => ({
      deliveryId,
      organizationId: payee.org.organizationId,
      endpointId: endpoint.body.id,
      eventId: crypto.randomUUID(),
      eventType: 'withdrawal.status_changed',
      payload: JSON.stringify({ data: { transaction_id: transactionId, status: 'COMPLETED' } }),
      status: 'DELIVERED' as const,
      attempts: 1,
      allowedAttempts: 8,
      lastAttemptAt: new Date().toISOString(),
      nextAttemptAt: null,
      lastResponseStatus: 200,
      lastError: null,
      attemptLog: [],
      leasedBy: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const ours = crypto.randomUUID();
    await recordFirstAttempt(table.deps.db, delivery(ours, booked.id));
    await recordFirstAttempt(table.deps.db, delivery(crypto.randomUUID(), crypto.randomUUID()));

    const story = await consoleCall<Record<string, unknown>>(`/transactions/${booked.id}`);
    expect(story.status, JSON.stringify(story.body)).toBe(200);
    const stored = await table.deps.db.client.send(
      new GetCommand({
        TableName: table.deps.db.tableName,
        Key: keys.transaction(payee.org.organizationId, payee.customerId, booked.id),
      }),
    );
    const messageId = String(stored.Item?.paymentFileId);
    // The key that created it, as the keys page lists it (never the key itself).
    const [key] = await listApiKeysOfOrganization(table.deps.db, payee.org.organizationId);
    const hint = apiKeyHint(payee.key);
    const keyId = key?.apiKeyId;
    expect(key?.hint).toBe(hint);
    expect(JSON.stringify(story.body)).not.toContain(payee.key);
    expect(story.body).toMatchObject({
      transaction: { id: booked.id, reference: booked.reference, customerName: 'Ada Lovelace' },
      created: { at: booked.createdAt, by: `API key ${hint}`, apiKey: { id: keyId, hint } },
      cancelled: null,
      paymentFile: { messageId, fileName: `${messageId}.xml`, payments: 1 },
      bank: { outcome: 'booked', at: '2026-11-23T00:00:00.000Z', reason: null },
      webhookDeliveries: [{ id: ours, endpointUrl: 'https://hooks.example.com/payouts', status: 'DELIVERED' }],
    });
    // The endpoint deleted, its deliveries stay in the story.
    await request('DELETE', `/webhooks/endpoints/${endpoint.body.id}`, { key: payee.key });
    const afterDelete = await consoleCall<Record<string, unknown>>(`/transactions/${booked.id}`);
    expect(afterDelete.body).toMatchObject({
      webhookDeliveries: [{ id: ours, endpointUrl: 'https://hooks.example.com/payouts', status: 'DELIVERED' }],
    });

    const exported = await consoleCall<{ rows: Record<string, string | null>[] }>('/exports/transactions');
    // The export writes the hint in ASCII, which every spreadsheet reads alike.
    expect(exported.body.rows.find((row) => row.reference === booked.reference)).toMatchObject({
      createdByApiKey: hint.replace('…', '...'),
      createdByApiKeyId: keyId,
    });
  });

  it('names no key for a withdrawal stored before the creating key was recorded, rather than guess', async () => {
    const { Item } = await table.deps.db.client.send(
      new GetCommand({
        TableName: table.deps.db.tableName,
        Key: keys.transaction(payee.org.organizationId, payee.customerId, booked.id),
      }),
    );
    if (!Item) throw new Error('the booked payout is gone');
    const { createdBy: _stored, ...copy } = Item;
    // A day of 2025 that no other test's period holds (the home page's days and the export's month stay as they are).
    const older = { ...copy, createdAt: '2025-06-15T10:00:00.000Z' };
    const transactionId = crypto.randomUUID();
    await table.deps.db.client.send(
      new BatchWriteCommand({
        RequestItems: {
          [table.deps.db.tableName]: [
            {
              PutRequest: {
                Item: {
                  ...older,
                  ...keys.transaction(payee.org.organizationId, payee.customerId, transactionId),
                  ...keys.transactionOrganizationEntry(payee.org.organizationId, older.createdAt, transactionId),
                  transactionId,
                  reference: 'WD-OLDER-KEY',
                },
              },
            },
            {
              PutRequest: {
                Item: {
                  ...keys.transactionPointer(payee.org.organizationId, transactionId),
                  entity: 'TXPOINTER',
                  organizationId: payee.org.organizationId,
                  customerId: payee.customerId,
                  transactionId,
                },
              },
            },
          ],
        },
      }),
    );
    const story = await consoleCall<{ created: unknown }>(`/transactions/${transactionId}`);
    expect(story.status, JSON.stringify(story.body)).toBe(200);
    expect(story.body.created).toEqual({
      at: older.createdAt,
      by: 'An API key (which one was not recorded then)',
      apiKey: null,
    });
    const exported = await consoleCall<{ rows: Record<string, string | null>[] }>(
      '/exports/transactions?from=2025-06-15&to=2025-06-15',
    );
    expect(exported.body.rows.find((row) => row.reference === 'WD-OLDER-KEY')).toMatchObject({
      createdByApiKey: null,
      createdByApiKeyId: null,
    });
  });

  it("answers 404 for a transaction that is not the organization's", async () => {
    const res = await consoleCall(`/transactions/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Transaction not found' });
  });
});

describe('the export of a period', () => {
  /** Copies of the booked payout spread over November 2025, written straight to the table (25 per batch). */
  const VOLUME = 2_600;
  const START = Date.UTC(2025, 10, 1);
  const SPAN = 29 * 24 * 3600_000;

  beforeAll(async () => {
    const { Item } = await table.deps.db.client.send(
      new GetCommand({
        TableName: table.deps.db.tableName,
        Key: keys.transaction(payee.org.organizationId, payee.customerId, booked.id),
      }),
    );
    if (!Item) throw new Error('the booked payout is gone');
    const copies = Array.from({ length: VOLUME }, (_, i) => {
      const transactionId = crypto.randomUUID();
      const createdAt = new Date(START + Math.floor((SPAN * i) / VOLUME)).toISOString();
      return {
        ...Item,
        ...keys.transaction(payee.org.organizationId, payee.customerId, transactionId),
        ...keys.transactionListEntry(payee.org.organizationId, payee.customerId, createdAt, transactionId),
        ...keys.transactionOrganizationEntry(payee.org.organizationId, createdAt, transactionId),
        transactionId,
        createdAt,
        updatedAt: createdAt,
        reference: `WD-VOL-${String(i).padStart(5, '0')}`,
      };
    });
    for (let i = 0; i < copies.length; i += 25) {
      await table.deps.db.client.send(
        new BatchWriteCommand({
          RequestItems: {
            [table.deps.db.tableName]: copies.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
  }, 180_000);

  it('pages a month of rows as JSON and as CSV, the same rows, newest first, each exactly once', async () => {
    const period = 'from=2025-11-01&to=2025-11-30';
    const json: Record<string, string | null>[] = [];
    let path: string | undefined = `/exports/transactions?${period}`;
    let pages = 0;
    while (path) {
      const page: Awaited<ReturnType<typeof consoleCall<{ rows: typeof json; nextCursor: string | null }>>> =
        await consoleCall(path);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      json.push(...page.body.rows);
      pages++;
      path = page.body.nextCursor
        ? `/exports/transactions?${period}&cursor=${encodeURIComponent(page.body.nextCursor)}`
        : undefined;
    }
    expect(pages).toBe(3);
    expect(json).toHaveLength(VOLUME);
    expect(new Set(json.map((row) => row.reference)).size).toBe(VOLUME);
    const times = json.map((row) => String(row.createdAt));
    expect(times).toEqual([...times].sort().reverse());
    expect(json[0]).toMatchObject({
      customerName: 'Ada Lovelace',
      status: 'COMPLETED',
      bookingDate: '2026-11-23',
      bankRail: 'SEPA',
      settlementRail: 'SEPA',
      paymentFileMessageId: expect.any(String),
    });

    let csv = '';
    let next: string | undefined = `${origin()}/api/console/exports/transactions/csv?${period}`;
    while (next) {
      const page = await fetch(next, { headers: viewer.headers });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      // As the bytes came: `text()` would drop the byte order mark.
      csv += new TextDecoder('utf-8', { ignoreBOM: true }).decode(await page.arrayBuffer());
      next = nextOf(page.headers);
    }
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(`\uFEFF${EXPORT_COLUMNS.join(',')}`);
    expect(lines).toHaveLength(VOLUME + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(json.map((row) => row.reference));
  }, 120_000);

  it("holds this month's booked payout by default, and refuses a page size over 1,000 (400)", async () => {
    const current = await consoleCall<{ rows: { reference: string }[]; from: string }>('/exports/transactions');
    expect(current.status).toBe(200);
    expect(current.body.rows.map((row) => row.reference)).toContain(booked.reference);
    const csv = await fetch(`${origin()}/api/console/exports/transactions/csv`, { headers: viewer.headers });
    expect(await csv.text()).toContain(booked.reference);
    const tooMany = await consoleCall('/exports/transactions?limit=1001');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: 'limit: Must be an integer from 1 to 1000' });
  });
});

describe('the approvals view', () => {
  it("says why each withdrawal waits, the customer's name, the balance now and after, and when it does not cover it", async () => {
    const allowance = await request('POST', '/sandbox/allowance', {
      key: payee.key,
      body: { limit: '10.00', resetPeriodMinutes: 1440 },
    });
    expect(allowance.status, JSON.stringify(allowance.body)).toBeLessThan(300);
    // 500.00 credited, 20.00 paid out above.
    const small = await withdraw('30.00');
    const large = await withdraw('100000.00');
    expect([small.status, large.status]).toEqual(['PROPOSED', 'PROPOSED']);

    const cards = await consoleCall<Record<string, unknown>[]>('/approvals');
    expect(cards.status, JSON.stringify(cards.body)).toBe(200);
    const card = (id: string) => cards.body.find((c) => c.id === id);
    expect(card(small.id)).toMatchObject({
      reference: small.reference,
      customerName: 'Ada Lovelace',
      exchangeRate: small.exchangeRate,
      waitsBecause: ['allowance'],
      balance: { available: '480.00', after: '450.00', covers: true },
    });
    expect(card(large.id)).toMatchObject({
      waitsBecause: ['allowance', 'balance'],
      balance: { available: '480.00', after: null, covers: false },
    });
  });
});

describe('the home page', () => {
  it('shows what awaits approval, what is in flight by rail, recent failures with reasons, volumes and alarms', async () => {
    const { Item } = await table.deps.db.client.send(
      new GetCommand({
        TableName: table.deps.db.tableName,
        Key: keys.transaction(payee.org.organizationId, payee.customerId, booked.id),
      }),
    );
    if (!Item) throw new Error('the booked payout is gone');
    // Stored as the batcher and the bank would leave them: one stuck PROCESSING for three days, one FAILED yesterday.
    const copy = (status: string, ageDays: number, failureReason: string | null) => {
      const transactionId = crypto.randomUUID();
      const createdAt = new Date(Date.now() - ageDays * 24 * 3600_000).toISOString();
      return {
        ...Item,
        ...keys.transaction(payee.org.organizationId, payee.customerId, transactionId),
        ...keys.transactionOrganizationEntry(payee.org.organizationId, createdAt, transactionId),
        transactionId,
        createdAt,
        status,
        completedAt: null,
        failureReason,
        reference: `WD-HOME-${status}`,
      };
    };
    const stuck = copy('PROCESSING', 3, null);
    const failed = copy('FAILED', 1, 'AC04: Account closed');
    await table.deps.db.client.send(
      new BatchWriteCommand({
        RequestItems: { [table.deps.db.tableName]: [stuck, failed].map((Item) => ({ PutRequest: { Item } })) },
      }),
    );

    const home = await consoleCall<Record<string, unknown>>('/home');
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body).toMatchObject({
      awaitingApproval: { count: 2 },
      inFlight: [
        { rail: 'SEPA', count: 1, items: [{ reference: 'WD-HOME-PROCESSING', customerName: 'Ada Lovelace' }] },
      ],
      failed: [{ reference: 'WD-HOME-FAILED', reason: 'AC04: Account closed' }],
      needsOperator: { processingTooLong: [{ reference: 'WD-HOME-PROCESSING' }] },
      days: 14,
    });
    const volumes = home.body.volumes as {
      day: string;
      withdrawals: number;
      usdc: string;
      byStatus: Record<string, number>;
    }[];
    expect(volumes).toHaveLength(14);
    const none = { PROPOSED: 0, PARTIALLY_SIGNED: 0, PROCESSING: 0, COMPLETED: 0, FAILED: 0, CANCELLED: 0, EXPIRED: 0 };
    // Today: the booked 20.00 went to the bank; the two proposed (30.00, 100000.00) did not.
    expect(volumes.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      withdrawals: 1,
      usdc: '20.00',
      byStatus: { ...none, COMPLETED: 1, PROPOSED: 2 },
    });
    // Yesterday's failed payout is no volume, only a status.
    expect(volumes.at(-2)).toMatchObject({ withdrawals: 0, usdc: '0.00', byStatus: { ...none, FAILED: 1 } });
    expect(home.body.balances).toEqual({ organizationUsdc: '0.00', unclaimedFeesUsdc: '0.00' });
  });
});
