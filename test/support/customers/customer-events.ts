import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '#shared/deps.ts';

type Envelope = { event_type: string; created_at: string; data: Record<string, unknown> };

/** Test-only (a Scan): the webhook events recorded for one customer, oldest first. */
export async function customerEvents(deps: Deps, customerId: string): Promise<Envelope[]> {
  const { Items = [] } = await deps.db.client.send(
    new ScanCommand({
      TableName: deps.db.tableName,
      FilterExpression: 'entity = :e AND envelope.#data.customer_id = :c',
      ExpressionAttributeNames: { '#data': 'data' },
      ExpressionAttributeValues: { ':e': 'EVENT', ':c': customerId },
    }),
  );
  return Items.map((item) => item.envelope as Envelope).sort((a, b) => a.created_at.localeCompare(b.created_at));
}
