import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  LimitExceededException,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, globalSecondaryIndex, TABLE } from '#shared/db/table.ts';

/** Creates the single table (the same shape the CDK stack declares) unless it exists. Returns true if created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    // Another process created it first: fine, it has the same shape.
    if (error instanceof ResourceInUseException) return false;
    throw error;
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}

/** How long an index may take to become usable; DynamoDB Local on a loaded machine has taken over 10 s. */
const INDEX_READY_MS = 120_000;
const POLL_MS = 200;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A DATA_DIR kept from an older version lacks indexes added since (gsi2 came with withdrawals, gsi3 with the console): add them, one
 * per UpdateTable as DynamoDB requires, and wait until each is usable before the next (DynamoDB refuses a second
 * while one is still being created).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const index of Object.values(TABLE.indexes)) {
    if (existing.has(index.name)) continue;
    const deadline = Date.now() + INDEX_READY_MS;
    const statusOf = async () => {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      return Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.name)?.IndexStatus;
    };
    for (;;) {
      try {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
              AttributeName: name,
              AttributeType: 'S' as const,
            })),
            GlobalSecondaryIndexUpdates: [{ Create: globalSecondaryIndex(index) }],
          }),
        );
        break;
      } catch (error) {
        // Another index of this table is still being created (by this process or another one): wait for it.
        if (!(error instanceof LimitExceededException) || Date.now() > deadline) throw error;
        await pause(POLL_MS);
      }
    }
    while ((await statusOf()) !== 'ACTIVE') {
      if (Date.now() > deadline)
        throw new Error(`index ${index.name} of ${tableName} is not ACTIVE after ${INDEX_READY_MS} ms`);
      await pause(POLL_MS);
    }
  }
}
