import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '#shared/deps.ts';

export type EventEnvelope = { event_type: string; created_at: string; org_id: string; data: Record<string, unknown> };

/**
 * Test-only (request code never scans): the webhook events whose payload has `data[field] = value`, oldest
 * first. Every page of the Scan is read: a page holds at most 1 MB before the filter, and the integration table
 * is shared by every test file, so one page would miss events.
 */
export async function eventsWhere(deps: Pick<Deps, 'db'>, field: string, value: string): Promise<EventEnvelope[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.client.send(
      new ScanCommand({
        TableName: deps.db.tableName,
        ConsistentRead: true,
        FilterExpression: 'entity = :e AND envelope.#data.#field = :v',
        ExpressionAttributeNames: { '#data': 'data', '#field': field },
        ExpressionAttributeValues: { ':e': 'EVENT', ':v': value },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.map((item) => item.envelope as EventEnvelope).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The webhook events recorded for one customer, oldest first. */
export const customerEvents = (deps: Pick<Deps, 'db'>, customerId: string) =>
  eventsWhere(deps, 'customer_id', customerId);
