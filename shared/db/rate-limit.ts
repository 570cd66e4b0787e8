import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import { keys } from '#shared/db/keys.ts';

/** At most `limit` requests per fixed window of `windowSeconds`, counted for one `scope` and `id`. */
export type WindowLimit = { scope: string; id: string; limit: number; windowSeconds: number };

export type WindowOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request in the current fixed window of `limit`, in the table, so the count holds across every
 * Lambda instance: ONE conditional UpdateItem that adds 1 only while the count is below the limit (a refused
 * request is not counted, so a client that backs off is not punished for its refusals). The window's item
 * expires by TTL soon after the window ends. Cost: one write unit per request and limit.
 */
export async function takeFromWindow(db: Db, limit: WindowLimit, now: Date): Promise<WindowOutcome> {
  const nowSeconds = now.getTime() / 1000;
  const windowStart = Math.floor(nowSeconds / limit.windowSeconds) * limit.windowSeconds;
  const windowEnd = windowStart + limit.windowSeconds;
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.rateLimitWindow(limit.scope, limit.id, windowStart),
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        // Below the limit, or the window's first request.
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.limit, ':expiresAt': windowEnd + 60 },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(windowEnd - nowSeconds)) };
  }
}

/**
 * Leases up to `chunk` requests of the window starting at `windowStart` from the shared counter, for one instance
 * to spend without asking again: ONE UpdateItem that adds the whole chunk while the count is below the limit and
 * returns the new count. The count may end above the limit (the last lease of a window asks for more than is left);
 * the lease is granted only the part below it, so leases never overlap and never pass the limit together.
 * Answers how many requests were granted and whether the window's limit is now used up.
 */
export async function leaseFromWindow(
  db: Db,
  limit: WindowLimit,
  windowStart: number,
  chunk: number,
): Promise<{ granted: number; usedUp: boolean }> {
  try {
    const result = await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.rateLimitWindow(limit.scope, limit.id, windowStart),
        UpdateExpression: 'ADD #count :chunk SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':chunk': chunk,
          ':limit': limit.limit,
          ':expiresAt': windowStart + limit.windowSeconds + 60,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(result.Attributes?.count ?? chunk);
    return { granted: Math.max(0, Math.min(count, limit.limit) - (count - chunk)), usedUp: count >= limit.limit };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return { granted: 0, usedUp: true };
  }
}
