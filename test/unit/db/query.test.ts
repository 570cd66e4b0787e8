import 'aws-sdk-client-mock-vitest/extend';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#shared/db/client.ts';
import { TIMER_SHARDS } from '#shared/db/keys.ts';
import { queryAll, queryPage, queryTimers } from '#shared/db/query.ts';

const TABLE = 'query-unit';
const ddb = mockClient(DynamoDBDocumentClient);
const db: Db = {
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:1' })),
  tableName: TABLE,
};
const NOW = new Date('2026-11-21T10:00:00.000Z');
const item = (id: string) => ({ pk: `THING#${id}`, sk: 'THING', id });
const ids = (items: { id: string }[]) => items.map(({ id }) => id);
const queries = () => ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('queryPage', () => {
  it('asks for one page of a partition, its part and order as named', async () => {
    ddb.on(QueryCommand).resolves({ Items: [item('a')], LastEvaluatedKey: { pk: 'THING#a', sk: 'THING' } });

    const page = await queryPage(
      db,
      { partition: 'P#1', sortKey: { beginsWith: 'WALLET#' }, descending: true, consistent: true },
      { limit: 5, start: { pk: 'P#1', sk: 'WALLET#0' } },
    );

    expect(page).toEqual({ items: [item('a')], end: { pk: 'THING#a', sk: 'THING' } });
    expect(queries()).toEqual([
      {
        TableName: TABLE,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': 'P#1', ':prefix': 'WALLET#' },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: 5,
        ExclusiveStartKey: { pk: 'P#1', sk: 'WALLET#0' },
      },
    ]);
  });

  it("names an index's keys, a sort key range and a filter", async () => {
    await queryPage(db, {
      index: 'gsi1',
      partition: 'L#1',
      sortKey: { from: 'a', to: 'b' },
      filter: { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': 'OK' } },
    });

    expect(queries()[0]).toEqual({
      TableName: TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk', '#status': 'status' },
      ExpressionAttributeValues: { ':pk': 'L#1', ':from': 'a', ':to': 'b', ':status': 'OK' },
      FilterExpression: '#status = :status',
      ExclusiveStartKey: undefined,
    });
  });
});

describe('queryAll', () => {
  it('reads page after page to the end, each from where the last ended', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a')], LastEvaluatedKey: { pk: 'THING#a', sk: 'THING' } })
      .resolvesOnce({ Items: [item('b'), item('c')] });

    const found = await queryAll(db, { partition: 'P#1' }, (raw) => ({ id: String(raw.id) }));

    expect(ids(found)).toEqual(['a', 'b', 'c']);
    expect(queries().map((query) => query.ExclusiveStartKey)).toEqual([undefined, { pk: 'THING#a', sk: 'THING' }]);
  });

  it('stops at `max` items, reading no page beyond them', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a'), item('b'), item('c')], LastEvaluatedKey: { pk: 'THING#c', sk: 'THING' } });

    const found = await queryAll(db, { partition: 'P#1' }, (raw) => ({ id: String(raw.id) }), { max: 2 });

    expect(ids(found)).toEqual(['a', 'b']);
    expect(queries()).toHaveLength(1);
  });
});

describe('queryTimers', () => {
  const take = (raw: Record<string, unknown>) => ({ id: String(raw.id) });

  it('reads what is due in each shard, due at this very moment included', async () => {
    await queryTimers(db, { kind: 'EXPIRE', dueBy: NOW, limit: 10, take });

    expect(queries()).toHaveLength(TIMER_SHARDS);
    queries().forEach((query, shard) => {
      expect(query).toMatchObject({
        IndexName: 'gsi2',
        KeyConditionExpression: '#pk = :pk AND #sk < :upTo',
        ExpressionAttributeValues: { ':pk': `TIMER#EXPIRE#${shard}`, ':upTo': '2026-11-21T10:00:00.000Z~' },
      });
    });
  });

  it('asks each page for no more than still wanted, pages on within a shard and stops at the limit', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a')], LastEvaluatedKey: { pk: 'THING#a', sk: 'THING' } })
      .resolvesOnce({ Items: [item('b')] })
      .resolvesOnce({ Items: [item('c')], LastEvaluatedKey: { pk: 'THING#c', sk: 'THING' } });

    const due = await queryTimers(db, { kind: 'BATCH', dueBy: NOW, limit: 3, take });

    expect(ids(due)).toEqual(['a', 'b', 'c']);
    expect(queries().map((query) => [query.ExpressionAttributeValues?.[':pk'], query.Limit])).toEqual([
      ['TIMER#BATCH#0', 3],
      ['TIMER#BATCH#0', 2],
      ['TIMER#BATCH#1', 1],
    ]);
  });

  it('passes over the entries `take` turns down, and counts only what it took', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('gone'), item('a')] })
      .resolvesOnce({ Items: [item('b')] });

    const due = await queryTimers(db, {
      kind: 'PRENOTE',
      dueBy: NOW,
      limit: 2,
      take: async (raw) => (raw.id === 'gone' ? undefined : take(raw)),
    });

    expect(ids(due)).toEqual(['a', 'b']);
    expect(queries().map((query) => query.Limit)).toEqual([2, 1]);
  });

  it('with a filter reads whole pages, and with `perShard` up to the limit from every shard', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [item('a'), item('b')], LastEvaluatedKey: { pk: 'THING#b', sk: 'THING' } })
      .resolvesOnce({ Items: [item('c')] })
      .resolves({ Items: [] });

    const found = await queryTimers(db, {
      kind: 'EXPIRE',
      filter: { expression: 'organizationId = :org', values: { ':org': 'o-1' } },
      limit: 2,
      perShard: true,
      take,
    });

    expect(ids(found)).toEqual(['a', 'b', 'c']);
    expect(queries()).toHaveLength(TIMER_SHARDS);
    expect(queries().map((query) => [query.Limit, query.FilterExpression])).toEqual(
      Array.from({ length: TIMER_SHARDS }, () => [undefined, 'organizationId = :org']),
    );
    expect(queries()[0]?.KeyConditionExpression).toBe('#pk = :pk');
  });
});
