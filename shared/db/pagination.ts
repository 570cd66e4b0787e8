import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { Db } from '#shared/db/client.ts';
import { TABLE } from '#shared/db/table.ts';
import { FieldError } from '#shared/errors.ts';

export type Page<T> = { items: T[]; nextCursor: string | undefined };

const CursorSchema = z.strictObject({
  pk: z.string().max(512),
  sk: z.string().max(512),
  gsi1pk: z.string().max(512),
  gsi1sk: z.string().max(512),
});

const invalidCursor = () => new FieldError('cursor', 'Invalid cursor');

function encodeCursor(item: Record<string, unknown>): string {
  const { gsi1 } = TABLE.indexes;
  const key = {
    pk: item[TABLE.partitionKey],
    sk: item[TABLE.sortKey],
    gsi1pk: item[gsi1.partitionKey],
    gsi1sk: item[gsi1.sortKey],
  };
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * A cursor is the position of the last item returned. It is checked to belong to the partition being
 * listed, so a crafted cursor cannot move a query into another organization's partition.
 */
function decodeCursor(cursor: string, partition: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = CursorSchema.safeParse(parsed);
  if (!result.success || result.data.gsi1pk !== partition) throw invalidCursor();
  return result.data;
}

/**
 * Newest-first page of one list partition of the gsi1 index. It reads one item beyond `limit` so the
 * response says there is more only when there really is.
 */
export async function queryListPage<T>(
  db: Db,
  input: {
    partition: string;
    limit: number;
    cursor?: string | undefined;
    parse: (item: Record<string, unknown>) => T;
    /** Optional FilterExpression; pages keep reading until `limit` matching items (or the end) are found. */
    filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> } | undefined;
  },
): Promise<Page<T>> {
  const { gsi1 } = TABLE.indexes;
  const start = input.cursor ? decodeCursor(input.cursor, input.partition) : undefined;
  const collected: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined = start;
  do {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: gsi1.name,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': gsi1.partitionKey, ...input.filter?.names },
        ExpressionAttributeValues: { ':pk': input.partition, ...input.filter?.values },
        ...(input.filter ? { FilterExpression: input.filter.expression } : {}),
        ScanIndexForward: false,
        Limit: input.limit + 1 - collected.length,
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    collected.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey && collected.length <= input.limit);
  const items = collected.slice(0, input.limit);
  const last = items.at(-1);
  const nextCursor = collected.length > input.limit && last ? encodeCursor(last) : undefined;
  return { items: items.map(input.parse), nextCursor };
}
