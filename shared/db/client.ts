import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '#shared/config/env.ts';

export type Db = { client: DynamoDBDocumentClient; tableName: string };

/**
 * One document client per process. Against a local endpoint (DynamoDB Local, tests) it gets static dummy
 * credentials so the SDK never looks for instance metadata.
 */
export function createDb(cfg: Pick<Config, 'tableName' | 'region' | 'dynamodbEndpoint'>): Db {
  const base = new DynamoDBClient({
    region: cfg.region,
    maxAttempts: 3,
    // A hung connection must end as an error the caller can retry (503), well within the function's timeout,
    // rather than hang until the function is killed: three attempts of at most 2 s.
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
    ...(cfg.dynamodbEndpoint
      ? { endpoint: cfg.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  const client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return { client, tableName: cfg.tableName };
}
