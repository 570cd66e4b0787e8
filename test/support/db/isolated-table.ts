import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { ensureTable } from '#infra/local/table.ts';
import { parseConfig } from '#shared/config/env.ts';
import { createDb } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * Deps on a table of their own in the run's DynamoDB Local, for tests whose subject is table-wide (the sweeps
 * find every due item): other test files writing to the shared table in parallel cannot disturb them.
 */
export async function isolatedTableDeps(now: () => Date): Promise<Deps> {
  const endpoint = inject('dynamodbEndpoint');
  const tableName = `payouts-isolated-${randomUUID()}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  await ensureTable(client, tableName);
  client.destroy();
  const config = parseConfig({ ...process.env, TABLE_NAME: tableName });
  return { db: createDb(config), clock: { now }, config };
}
