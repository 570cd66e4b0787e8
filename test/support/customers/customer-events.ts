import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '#shared/deps.ts';

type Envelope = { event_type: string; created_at: string; data: Record<string, unknown> };

/**
 * Test-only (a Scan of every page: a page holds at most 1 MB before the filter, and the integration table is
 * shared by every test file): the webhook events recorded for one customer, oldest first.
 */
export async function customerEvents(deps: Deps, customerId: string): Promise<Envelope[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.client.send(
      new ScanCommand({
        TableName: deps.db.tableName,
        ConsistentRead: true,
        FilterExpression: 'entity = :e AND envelope.#data.customer_id = :c',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: { ':e': 'EVENT', ':c': customerId },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => item.envelope as Envelope).sort((a, b) => a.created_at.localeCompare(b.created_at));
}
