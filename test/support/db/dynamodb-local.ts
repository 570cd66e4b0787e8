import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TestProject } from 'vitest/node';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type LocalDynamoDb, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { acquire, release } from '#test/support/run-shared.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    tableName: string;
  }
}

export const INTEGRATION_TABLE = 'payouts-integration';

/** One DynamoDB Local for the whole run, whichever projects ask (`acquire`): in memory, `sharedDb`, on a free port. */
async function startDynamoDb(): Promise<LocalDynamoDb> {
  const dynamo = await startDynamoDbLocal({ dataDir: null });
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await ensureTable(client, INTEGRATION_TABLE);
  client.destroy();
  return dynamo;
}

export async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = await acquire('dynamodb-local', startDynamoDb);
  project.provide('dynamodbEndpoint', dynamo.endpoint);
  project.provide('tableName', INTEGRATION_TABLE);
}

export async function teardown() {
  await release<LocalDynamoDb>('dynamodb-local', (dynamo) => dynamo.stop());
}
