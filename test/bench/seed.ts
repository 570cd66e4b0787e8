import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { customerItem } from '#test/support/customers/customer-items.ts';

/** Customers written straight to the table in batches of 25, newest last, as the service stores them. */
export async function seedCustomers(
  db: { client: { send: (c: BatchWriteCommand) => Promise<unknown> }; tableName: string },
  organizationId: string,
  count: number,
) {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < count; i += 25) {
    batches.push(
      Array.from({ length: Math.min(25, count - i) }, (_, j) =>
        customerItem(organizationId, { createdAt: new Date(start + (i + j) * 1000).toISOString() }),
      ),
    );
  }
  const parallel = 4;
  for (let i = 0; i < batches.length; i += parallel) {
    await Promise.all(
      batches.slice(i, i + parallel).map(async (items) => {
        let pending = items.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length) {
          const result = (await db.client.send(
            new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }),
          )) as { UnprocessedItems?: Record<string, typeof pending> };
          pending = result.UnprocessedItems?.[db.tableName] ?? [];
        }
      }),
    );
  }
}
