import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { Key } from '#shared/db/keys.ts';

/** An item as the document client returns it; each area parses it with the schema of its own record. */
export type StoredItem = Record<string, unknown>;

/** Reads are strongly consistent unless a caller says it can live with a stale item. */
export type ReadOptions = { consistent?: boolean };

/**
 * The one way to read an item by its key: one GetItem, parsed by the caller's `parse` (which owns the record's
 * schema), or undefined when the table has no such item.
 */
export async function readItem<T>(
  db: Db,
  key: Key,
  parse: (item: StoredItem) => T,
  options: ReadOptions = {},
): Promise<T | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: options.consistent ?? true }),
  );
  return Item ? parse(Item) : undefined;
}

/** What a batch read asks for, by name: each item's key and how to parse it. */
export type ItemRequests = Record<string, { key: Key; parse: (item: StoredItem) => unknown }>;

/** The parsed item of each name of the request, or undefined for a name whose item does not exist. */
export type ItemsRead<R extends ItemRequests> = { [Name in keyof R]: ReturnType<R[Name]['parse']> | undefined };

const sameKey = (item: StoredItem, key: Key) => item.pk === key.pk && item.sk === key.sk;

/**
 * Several items of the table by their keys in one BatchGetItem (at most 100 keys), each parsed as its request
 * says. Keys DynamoDB leaves unprocessed under load are asked for again, after a short growing pause.
 */
export async function readItems<R extends ItemRequests>(
  db: Db,
  requests: R,
  options: ReadOptions = {},
): Promise<ItemsRead<R>> {
  const wanted = Object.entries(requests);
  let pending: Key[] = wanted.map(([, request]) => request.key);
  const found: StoredItem[] = [];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(500, 20 * 2 ** attempt)));
    const result = await db.client.send(
      new BatchGetCommand({
        RequestItems: { [db.tableName]: { Keys: pending, ConsistentRead: options.consistent ?? true } },
      }),
    );
    found.push(...(result.Responses?.[db.tableName] ?? []));
    pending = (result.UnprocessedKeys?.[db.tableName]?.Keys ?? []) as Key[];
  }
  return Object.fromEntries(
    wanted.map(([name, request]) => {
      const item = found.find((candidate) => sameKey(candidate, request.key));
      return [name, item ? request.parse(item) : undefined];
    }),
  ) as ItemsRead<R>;
}

/** Keys in one BatchGetItem, DynamoDB's most. */
const BATCH_KEYS = 100;
/**
 * Batch reads one caller has in flight at most: a report's thousands of keys fired at once queued past the SDK's
 * connection timeout on a busy DynamoDB Local.
 */
const BATCHES_AT_ONCE = 8;

/**
 * The items of many names (each once), found by `keyOf`, read in BatchGetItems of 100 keys, a few at a time; the map
 * holds the names whose item exists, parsed.
 */
export async function readManyItems<T>(
  db: Db,
  names: readonly string[],
  keyOf: (name: string) => Key,
  parse: (item: StoredItem) => T,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  const distinct = [...new Set(names)];
  const chunks = Array.from({ length: Math.ceil(distinct.length / BATCH_KEYS) }, (_, n) =>
    distinct.slice(n * BATCH_KEYS, (n + 1) * BATCH_KEYS),
  );
  let next = 0;
  const reader = async () => {
    for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
      const read = await readItems(db, Object.fromEntries(chunk.map((name) => [name, { key: keyOf(name), parse }])));
      for (const [name, item] of Object.entries(read)) if (item !== undefined) found.set(name, item as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, chunks.length) }, reader));
  return found;
}
