import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import type { StoredItem } from '#shared/db/items.ts';
import type { PageEnd, QueryFilter } from '#shared/db/query.ts';

/**
 * One page of the whole table (a Scan): for the rare pass of a background function over every item of some kinds (a
 * re-screen against a new sanctions list). Never on a request's path, which reads by key or query (`query.ts`). `filter` names the kinds; `end` is where the next page starts, undefined at the table's end.
 */
export async function scanPage(
  db: Db,
  page: { filter: QueryFilter; limit: number; start?: PageEnd | undefined },
): Promise<{ items: StoredItem[]; end: PageEnd | undefined }> {
  const result = await db.client.send(
    new ScanCommand({
      TableName: db.tableName,
      FilterExpression: page.filter.expression,
      ...(page.filter.names ? { ExpressionAttributeNames: page.filter.names } : {}),
      ...(page.filter.values ? { ExpressionAttributeValues: page.filter.values } : {}),
      Limit: page.limit,
      ExclusiveStartKey: page.start,
    }),
  );
  return { items: result.Items ?? [], end: result.LastEvaluatedKey };
}
