import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type LocalDynamoDb, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { createTableInput } from '#shared/db/table.ts';

// A DynamoDB Local of its own, in memory: the run's shared one, busy with every other suite's tables, left an
// index of an empty table CREATING for over 120 s in full runs; an idle one builds it in seconds, as npm start's does.
let dynamo: LocalDynamoDb;
let client: DynamoDBClient;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal({ dataDir: null });
  client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await dynamo?.stop();
});

describe('the local table across versions', () => {
  it('adds the gsi2 timer and gsi3 organization-wide indexes to a table kept from before withdrawals (an old DATA_DIR)', async () => {
    const tableName = `payouts-old-${randomUUID()}`;
    const current = createTableInput(tableName);
    await client.send(
      new CreateTableCommand({
        ...current,
        AttributeDefinitions: current.AttributeDefinitions.filter((a) => !/^gsi[23]/.test(a.AttributeName)),
        GlobalSecondaryIndexes: current.GlobalSecondaryIndexes.filter((index) => index.IndexName === 'gsi1'),
      }),
    );

    const created = await ensureTable(client, tableName);

    expect(created).toBe(false);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.IndexStatus]).sort()).toEqual([
      ['gsi1', 'ACTIVE'],
      ['gsi2', 'ACTIVE'],
      ['gsi3', 'ACTIVE'],
    ]);
    // DynamoDB Local builds an index in seconds when idle; under a full test run it has taken over 40 s each (with
    // two indexes to build, a loaded run has passed 120 s).
  }, 300_000);
});
