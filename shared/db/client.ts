import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '#shared/config/env.ts';

export type Db = { client: DynamoDBDocumentClient; tableName: string };

export const DB_MAX_ATTEMPTS = 3;

/**
 * How long one attempt may take. A hung connection must end as an error the caller can retry (503) within the
 * function's 10 s timeout, not hang until the function is killed: in AWS three attempts of at most 2 s. DynamoDB
 * Local on a busy development machine can take seconds for a large batch, so it gets more time.
 */
export const dbTimeouts = (cfg: Pick<Config, 'dynamodbEndpoint'>) => ({
  connectionTimeout: 1_000,
  requestTimeout: cfg.dynamodbEndpoint ? 10_000 : 2_000,
});

/**
 * One document client per process. Against a local endpoint (DynamoDB Local, tests) it gets static dummy
 * credentials so the SDK never looks for instance metadata.
 */
export function createDb(
  cfg: Pick<Config, 'tableName' | 'region' | 'dynamodbEndpoint'>,
  timeouts: { connectionTimeout: number; requestTimeout: number } = dbTimeouts(cfg),
): Db {
  const base = new DynamoDBClient({
    region: cfg.region,
    maxAttempts: DB_MAX_ATTEMPTS,
    requestHandler: { ...timeouts, throwOnRequestTimeout: true },
    ...(cfg.dynamodbEndpoint
      ? { endpoint: cfg.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  const client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { client, tableName: cfg.tableName };
}
