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
