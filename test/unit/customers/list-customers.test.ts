import '#test/support/env.ts';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as listCustomers } from '#functions/api/customers/list-customers.ts';
import { cursorFor, customerItem } from '#test/support/customers/customer-items.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, headerOf, invoke } from '#test/support/http/api-event.ts';

const ddb = mockDocumentClient();
let caller: Caller;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  caller = givenCaller(ddb);
});

const list = (query?: Record<string, string>) =>
  invoke(
    listCustomers,
    apiEvent({
      path: '/api/v2/customers',
      headers: { authorization: caller.authorization },
      ...(query ? { queryStringParameters: query } : {}),
    }),
  );

/** `count` stored customers, newest first, as the reverse gsi1 query returns them. */
const newestFirst = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    customerItem(caller.organizationId, { createdAt: new Date(Date.UTC(2026, 10, 21, 10, 0, 59 - i)).toISOString() }),
  );

const linkCursor = (link: string | undefined): string | undefined => {
  const match = /^<(.+)>; rel="next"$/.exec(link ?? '');
  return match?.[1] ? (new URL(match[1]).searchParams.get('cursor') ?? undefined) : undefined;
};

describe('list customers', () => {
  it("queries the organization's gsi1 partition newest first, reading one more than the default limit", async () => {
    await list();

    expect(ddb).toHaveReceivedCommandExactlyOnceWith(QueryCommand, {
      TableName: 'payouts-unit',
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'gsi1pk' },
      ExpressionAttributeValues: { ':pk': `ORG#${caller.organizationId}#CUSTOMERS` },
      ScanIndexForward: false,
      Limit: 51,
    });
  });

  it('answers a JSON array of customers in the order read, without table internals', async () => {
    const items = newestFirst(3);
    ddb.on(QueryCommand).resolves({ Items: items });

    const result = await list();

    expect(result.statusCode).toBe(200);
    const body = bodyOf<Record<string, unknown>[]>(result);
    expect(body.map((c) => c.customerId)).toEqual(items.map((c) => c.customerId));
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(
      [
        'accountType',
        'address',
        'createdAt',
        'customerId',
        'email',
        'enabled',
        'expectedMonthlyVolume',
        'kyc',
        'kycStatus',
        'kycVerified',
        'name',
        'verifiedName',
      ].sort(),
    );
  });

  it('refuses a page holding a damaged customer item rather than serving it', async () => {
    const items: Record<string, unknown>[] = newestFirst(3);
    items[1] = { ...items[1], kycStatus: 'MAYBE' };
    ddb.on(QueryCommand).resolves({ Items: items });

    const result = await list();

    expect(result.statusCode).toBe(500);
    expect(bodyOf(result)).toEqual({ error: 'Internal server error' });
  });

  it('answers an empty array without a Link header when there are no customers', async () => {
    const result = await list();

    expect(bodyOf(result)).toEqual([]);
    expect(headerOf(result, 'link')).toBeUndefined();
  });

  it('sends no Link header when exactly limit items exist', async () => {
    ddb.on(QueryCommand).resolves({ Items: newestFirst(2) });

    const result = await list({ limit: '2' });

    expect(bodyOf<unknown[]>(result)).toHaveLength(2);
    expect(headerOf(result, 'link')).toBeUndefined();
    expect(ddb).toHaveReceivedCommandWith(QueryCommand, { Limit: 3 });
  });

  it('returns limit items and a Link to the next page when one more exists', async () => {
    const items = newestFirst(3);
    ddb.on(QueryCommand).resolves({ Items: items, LastEvaluatedKey: { pk: 'x', sk: 'y' } });

    const result = await list({ limit: '2' });

    const body = bodyOf<{ customerId: string }[]>(result);
    expect(body.map((c) => c.customerId)).toEqual([items[0]?.customerId, items[1]?.customerId]);
    const link = headerOf(result, 'link');
    expect(link).toMatch(
      /^<https:\/\/api\.example\.test\/api\/v2\/customers\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const last = items[1];
    const cursor = linkCursor(link);
    expect(JSON.parse(Buffer.from(cursor ?? '', 'base64url').toString('utf8'))).toEqual({
      pk: last?.pk,
      sk: last?.sk,
      gsi1pk: last?.gsi1pk,
      gsi1sk: last?.gsi1sk,
    });
  });

  it('continues from the cursor of the previous page', async () => {
    const [previousLast] = newestFirst(1);
    if (!previousLast) throw new Error('fixture');
    const position = {
      pk: previousLast.pk,
      sk: previousLast.sk,
      gsi1pk: previousLast.gsi1pk,
      gsi1sk: previousLast.gsi1sk,
    };

    const result = await list({ limit: '10', cursor: cursorFor(position) });

    expect(result.statusCode).toBe(200);
    expect(ddb).toHaveReceivedCommandWith(QueryCommand, { ExclusiveStartKey: position, Limit: 11 });
  });

  it('keeps reading when DynamoDB returns a short page with more to come', async () => {
    const items = newestFirst(4);
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: items.slice(0, 1), LastEvaluatedKey: { pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' } })
      .resolvesOnce({ Items: items.slice(1), LastEvaluatedKey: { pk: 'e', sk: 'f', gsi1pk: 'g', gsi1sk: 'h' } });

    const result = await list({ limit: '3' });

    expect(bodyOf<unknown[]>(result)).toHaveLength(3);
    expect(headerOf(result, 'link')).toBeDefined();
    expect(ddb).toHaveReceivedCommandTimes(QueryCommand, 2);
    expect(ddb).toHaveReceivedNthCommandWith(QueryCommand, 2, {
      Limit: 3,
      ExclusiveStartKey: { pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' },
    });
  });

  it("rejects a cursor of another organization's partition with 400 and queries nothing", async () => {
    const stranger = customerItem('another-organization');
    const tampered = cursorFor({ pk: stranger.pk, sk: stranger.sk, gsi1pk: stranger.gsi1pk, gsi1sk: stranger.gsi1sk });

    const result = await list({ cursor: tampered });

    expect(result.statusCode).toBe(400);
    expect(result.body).toBe('{"error":"cursor: Invalid cursor"}');
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it.each([
    ['not base64 JSON', 'bm90IGpzb24'],
    ['JSON of the wrong shape', Buffer.from('{"pk":1}').toString('base64url')],
    [
      'a cursor with extra keys',
      Buffer.from(JSON.stringify({ pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd', x: 1 })).toString('base64url'),
    ],
  ])('rejects a cursor that is %s with 400', async (_case, cursor) => {
    const result = await list({ cursor });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'cursor: Invalid cursor' });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it.each(['0', '201', '-1', 'ten', '1.5', '10000'])('rejects limit=%s with 400 and queries nothing', async (limit) => {
    const result = await list({ limit });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'limit: Must be an integer from 1 to 200' });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it.each([
    ['1', 2],
    ['200', 201],
  ])('accepts limit=%s and reads %i items', async (limit, read) => {
    const result = await list({ limit });

    expect(result.statusCode).toBe(200);
    expect(ddb).toHaveReceivedCommandWith(QueryCommand, { Limit: read });
  });
});
