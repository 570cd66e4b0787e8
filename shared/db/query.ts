import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { StoredItem } from '#shared/db/items.ts';
import { keys, TIMER_SHARDS, type TimerKind } from '#shared/db/keys.ts';
import { type IndexName, TABLE } from '#shared/db/table.ts';

/**
 * The one way to query the table: every Query is built here, from what to read (a partition of the table or of an
 * index, the part of it, the order) and how much. The areas name their partitions with the keys module and parse
 * what comes back; they never build a QueryCommand (test/unit/architecture/queries.test.ts).
 */

/** A condition on the items a query reads beyond their key: applied after reading, so the read is paid for. */
export type QueryFilter = { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };

export type QuerySpec = {
  /** The table unless an index is named. */
  index?: IndexName | undefined;
  partition: string;
  /**
   * Part of the partition by its sort key: those starting with `beginsWith`; those sorting before `below`; or from
   * `from` up to and including `to`.
   */
  sortKey?: { beginsWith: string } | { below: string } | { from: string; to: string } | undefined;
  filter?: QueryFilter | undefined;
  /** Highest sort key first. */
  descending?: boolean | undefined;
  /** Strongly consistent; the table only (an index is eventually consistent). */
  consistent?: boolean | undefined;
};

/** Where a page ends: the key of its last item read, to start the next page after. */
export type PageEnd = Record<string, unknown>;

function sortKeyCondition(sortKey: NonNullable<QuerySpec['sortKey']>) {
  if ('beginsWith' in sortKey)
    return { expression: 'begins_with(#sk, :prefix)', values: { ':prefix': sortKey.beginsWith } };
  if ('below' in sortKey) return { expression: '#sk < :upTo', values: { ':upTo': sortKey.below } };
  return { expression: '#sk BETWEEN :from AND :to', values: { ':from': sortKey.from, ':to': sortKey.to } };
}

function queryCommand(db: Db, spec: QuerySpec, page: { limit?: number | undefined; start?: PageEnd | undefined }) {
  const { partitionKey, sortKey } = spec.index ? TABLE.indexes[spec.index] : TABLE;
  const range = spec.sortKey ? sortKeyCondition(spec.sortKey) : undefined;
  return new QueryCommand({
    TableName: db.tableName,
    ...(spec.index ? { IndexName: TABLE.indexes[spec.index].name } : {}),
    KeyConditionExpression: range ? `#pk = :pk AND ${range.expression}` : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': partitionKey, ...(range ? { '#sk': sortKey } : {}), ...spec.filter?.names },
    ExpressionAttributeValues: { ':pk': spec.partition, ...range?.values, ...spec.filter?.values },
    ...(spec.filter ? { FilterExpression: spec.filter.expression } : {}),
    ...(spec.descending ? { ScanIndexForward: false } : {}),
    ...(spec.consistent ? { ConsistentRead: true } : {}),
    ...(page.limit === undefined ? {} : { Limit: page.limit }),
    ExclusiveStartKey: page.start,
  });
}

/**
 * One page: at most `limit` items read (or what 1 MB holds), after `start`. `end` is where the next page starts,
 * undefined once the partition is read to its end.
 */
export async function queryPage(
  db: Db,
  spec: QuerySpec,
  page: { limit?: number | undefined; start?: PageEnd | undefined } = {},
): Promise<{ items: StoredItem[]; end: PageEnd | undefined }> {
  const result = await db.client.send(queryCommand(db, spec, page));
  return { items: result.Items ?? [], end: result.LastEvaluatedKey };
}

/** Every item of the query, page after page, parsed; with `max`, the first `max` (no page read beyond them). */
export async function queryAll<T>(
  db: Db,
  spec: QuerySpec,
  parse: (item: StoredItem) => T,
  options: { max?: number } = {},
): Promise<T[]> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const items: StoredItem[] = [];
  let start: PageEnd | undefined;
  do {
    const page = await queryPage(db, spec, { start });
    items.push(...page.items);
    start = page.end;
  } while (start && items.length < max);
  return items.slice(0, max).map(parse);
}

/**
 * Items by their `kind` timer (the sparse gsi2 index), shard after shard, each shard oldest due first: at most
 * `limit` in all, or with `perShard` at most `limit` of each shard (for a caller that orders across shards). `take`
 * turns an entry into what the caller acts on, or undefined to pass over it; the index is eventually consistent,
 * so callers re-read what they act on.
 */
export async function queryTimers<T>(
  db: Db,
  input: {
    kind: TimerKind;
    /** Only timers due by then (due at that very moment included); without, every timer of the kind. */
    dueBy?: Date | undefined;
    filter?: QueryFilter | undefined;
    limit: number;
    perShard?: boolean | undefined;
    take: (item: StoredItem) => T | undefined | Promise<T | undefined>;
  },
): Promise<T[]> {
  const found: T[] = [];
  for (let shard = 0; shard < TIMER_SHARDS && (input.perShard || found.length < input.limit); shard++) {
    const wanted = input.perShard ? found.length + input.limit : input.limit;
    const spec: QuerySpec = {
      index: 'gsi2',
      partition: keys.timersDue(input.kind, shard).gsi2pk,
      // `~` sorts after the `#` that separates the due time from the id, so "due at that moment" is included.
      sortKey: input.dueBy ? { below: `${input.dueBy.toISOString()}~` } : undefined,
      filter: input.filter,
    };
    let start: PageEnd | undefined;
    do {
      // A filter applies after `Limit` counts the items read: a filtered query reads whole pages.
      const page = await queryPage(db, spec, { limit: input.filter ? undefined : wanted - found.length, start });
      for (const item of page.items) {
        const taken = await input.take(item);
        if (taken !== undefined) found.push(taken);
      }
      start = page.end;
    } while (start && found.length < wanted);
  }
  return found;
}
