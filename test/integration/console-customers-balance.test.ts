import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_PER_BALANCE_PAGE, type CustomersBalance } from '#shared/console/views/home-view-schemas.ts';
import { keys } from '#shared/db/keys.ts';
import { toMicro } from '#shared/money/micro.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The customers' total on the console's Home (shared/console/README.md, "The customers' total"): no total item,
 * a sum of the customers' balance items read a page of customers at a time, over a page boundary.
 */
// A table of its own: a thousand customers stay out of other files' lists.
const table = useOwnTable();
const { request, origin } = useApi();

type Session = Awaited<ReturnType<typeof givenMemberSession>>;
let payee: Awaited<ReturnType<typeof givenPayee>>;
let viewer: Session;
let stranger: Session;
/** Customers stored beside the payee's: enough to need a second page. */
const MORE = CUSTOMERS_PER_BALANCE_PAGE;
/** Of them, these have a balance item: 1.5 USDC available each. */
const FUNDED = 10;

const totalOf = (session: Session, cursor?: string) =>
  request<CustomersBalance>(
    'GET',
    `${origin()}/api/console/balances/customers${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    { headers: session.headers },
  );

beforeAll(async () => {
  payee = await givenPayee(table.deps, request, { balance: '500.00', organization: { requiredApprovals: 1 } });
  const paid = await payee.withdraw({ sourceAmount: '20.00' }, { 'Idempotency-Key': `total-${crypto.randomUUID()}` });
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('PROCESSING');
  const other = await givenOrganization(table.deps, { name: 'Another organization' });
  [viewer, stranger] = await Promise.all([
    givenMemberSession(table.deps, payee.org.organizationId, 'viewer'),
    givenMemberSession(table.deps, other.organizationId, 'owner'),
  ]);

  const organizationId = payee.org.organizationId;
  const { Item } = await table.deps.db.client.send(
    new GetCommand({ TableName: table.deps.db.tableName, Key: keys.customer(organizationId, payee.customerId) }),
  );
  if (!Item) throw new Error('the payee is gone');
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < MORE; i++) {
    const customerId = crypto.randomUUID();
    const createdAt = new Date(Date.now() - (i + 1) * 1000).toISOString();
    items.push({
      ...Item,
      ...keys.customer(organizationId, customerId),
      ...keys.customerListEntry(organizationId, createdAt, customerId),
      customerId,
      createdAt,
    });
    if (i < FUNDED) {
      items.push({
        ...keys.customerBalance(organizationId, customerId),
        organizationId,
        customerId,
        entity: 'BALANCE',
        available: 1_500_000,
        locked: 0,
        updatedAt: createdAt,
      });
    }
  }
  // A few batches side by side (all at once, some waited past the client's 10 s timeout on a loaded machine):
  // each is its own 25 items, and DynamoDB Local leaves none unprocessed (checked).
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, n) => items.slice(n * 25, n * 25 + 25));
  const answers: { UnprocessedItems?: Record<string, unknown[]> }[] = [];
  for (let start = 0; start < batches.length; start += 4) {
    answers.push(
      ...(await Promise.all(
        batches.slice(start, start + 4).map((batch) =>
          table.deps.db.client.send(
            new BatchWriteCommand({
              RequestItems: { [table.deps.db.tableName]: batch.map((item) => ({ PutRequest: { Item: item } })) },
            }),
          ),
        ),
      )),
    );
  }
  expect(answers.flatMap(({ UnprocessedItems }) => Object.values(UnprocessedItems ?? {}).flat())).toEqual([]);
}, 120_000);

describe("the customers' total balance", () => {
  it('sums every customer’s available and locked USDC, a page of customers at a time, as of when it was read', async () => {
    const before = new Date().toISOString();
    const first = await totalOf(viewer);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.customers).toBe(CUSTOMERS_PER_BALANCE_PAGE);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect(first.body.asOf >= before).toBe(true);

    const second = await totalOf(viewer, first.body.nextCursor ?? undefined);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.customers).toBe(1);
    expect(second.body.nextCursor).toBeNull();

    // The payee: 500 credited, 20 reserved by the PROCESSING payout; the ten funded copies: 1.5 each.
    const pages = [first.body, second.body];
    const micro = (field: 'availableUsdc' | 'lockedUsdc' | 'totalUsdc') =>
      pages.reduce((sum, page) => sum + toMicro(page[field]), 0n);
    expect(micro('availableUsdc')).toBe(495_000_000n);
    expect(micro('lockedUsdc')).toBe(20_000_000n);
    expect(micro('totalUsdc')).toBe(515_000_000n);
  }, 30_000);

  it("shows another organization nothing of this one's customers", async () => {
    const theirs = await totalOf(stranger);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(theirs.body).toMatchObject({ customers: 0, totalUsdc: '0.00', lockedUsdc: '0.00', nextCursor: null });
  });

  it("refuses a cursor that is not this list's, naming it (400)", async () => {
    const first = await totalOf(viewer);
    const elsewhere = await totalOf(stranger, first.body.nextCursor ?? undefined);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ error: expect.stringMatching(/^cursor: /) });
    const garbage = await totalOf(viewer, 'not-a-cursor');
    expect(garbage.status).toBe(400);
  }, 30_000);
});
