import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { type Item, tableSnapshot } from '#test/support/db/own-table.ts';
import type { LocalJson } from '#test/support/local-runtime.ts';

/** Test-only: every item of the running runtime's table, read directly from its DynamoDB Local. */
export async function runtimeTableSnapshot(local: LocalJson): Promise<Item[]> {
  const base = new DynamoDBClient({
    endpoint: local.dynamodbEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    return await tableSnapshot({ db: { client: DynamoDBDocumentClient.from(base), tableName: local.tableName } });
  } finally {
    base.destroy();
  }
}
