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
