import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from '#shared/validation/zod.ts';

/**
 * Where the admin CLI finds the table: `TABLE_NAME` (with the usual AWS credentials, or DYNAMODB_ENDPOINT)
 * when set, otherwise the running local runtime through `DATA_DIR/local.json`.
 */
export type Connection = { tableName: string; region: string; dynamodbEndpoint: string | undefined; source: string };

const LocalJson = z.object({ dynamodbEndpoint: z.string(), tableName: z.string() });

export class ConnectionError extends Error {}

export function resolveConnection(env: Record<string, string | undefined>): Connection {
  if (env.TABLE_NAME) {
    return {
      tableName: env.TABLE_NAME,
      region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'eu-central-1',
      dynamodbEndpoint: env.DYNAMODB_ENDPOINT,
      source: env.DYNAMODB_ENDPOINT ? env.DYNAMODB_ENDPOINT : 'AWS',
    };
  }
  const path = join(resolve(env.DATA_DIR ?? '.data'), 'local.json');
  if (!existsSync(path)) {
    throw new ConnectionError(
      `No ${path}: start the local runtime with \`npm start\` first, or set TABLE_NAME to use a table in AWS.`,
    );
  }
  const local = LocalJson.parse(JSON.parse(readFileSync(path, 'utf8')));
  return { tableName: local.tableName, region: 'eu-central-1', dynamodbEndpoint: local.dynamodbEndpoint, source: path };
}
