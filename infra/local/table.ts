import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
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

/**
 * A DATA_DIR kept from an older version lacks indexes added since (gsi2 came with withdrawals, gsi3 with the console): add them, one
 * per UpdateTable as DynamoDB requires, and wait until each is usable.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const index of Object.values(TABLE.indexes)) {
    if (existing.has(index.name)) continue;
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
    for (let attempt = 0; attempt < 100; attempt++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const status = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.name)?.IndexStatus;
      if (status === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
