import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, inject } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { API_KEY_KEY_PREFIX, RATE_LIMIT_KEY_PREFIX, SESSION_KEY_PREFIX } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { integrationDeps } from '#test/support/deps.ts';

export type Item = Record<string, unknown>;

/**
 * Gives the calling test file a table of its own in the run's DynamoDB Local, and points the in-process
 * service at it. Call at the top of the file, before `useApi()`: the service reads TABLE_NAME on its first
 * request. With nobody else writing to the table, "nothing was written" can be checked by reading all of it.
 */
export function useOwnTable() {
  const tableName = `payouts-proofs-${randomUUID()}`;
  process.env.TABLE_NAME = tableName;
  const deps: Deps = integrationDeps();
  beforeAll(async () => {
    const client = new DynamoDBClient({
      endpoint: inject('dynamodbEndpoint'),
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    await ensureTable(client, tableName);
    client.destroy();
  });
  return { deps, tableName, snapshot: () => tableSnapshot(deps) };
}

/**
 * Test-only: every item of the table, in key order, so two snapshots compare with `toEqual`. Without the
 * rate-limit counters: every authenticated request counts itself (shared/http/rate-limits.ts), refused or not,
 * and that is the stack's bookkeeping, not a change the request made (test/integration/rate-limits.test.ts).
 * Likewise a console session's `lastSeenAt` and `idleUntil` and an API key's `lastUsedAt`, which move on as the
 * session or key is used.
 */
export async function tableSnapshot(deps: Pick<Deps, 'db'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.client.send(
      new ScanCommand({ TableName: deps.db.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []).filter((item) => !String(item.pk).startsWith(RATE_LIMIT_KEY_PREFIX)));
    start = page.LastEvaluatedKey;
  } while (start);
  const bookkeeping = (item: Item) => {
    if (String(item.pk).startsWith(SESSION_KEY_PREFIX)) return { ...item, lastSeenAt: '', idleUntil: '' };
    if (String(item.pk).startsWith(API_KEY_KEY_PREFIX)) return { ...item, lastUsedAt: '' };
    return item;
  };
  const id = (item: Item) => `${String(item.pk)}\u0000${String(item.sk)}`;
  return items.map(bookkeeping).sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** The items of a snapshot that belong to or mention an organization (its partitions, pointers, events). */
export const itemsOf = (snapshot: Item[], organizationId: string) =>
  snapshot.filter((item) => JSON.stringify(item).includes(organizationId));
