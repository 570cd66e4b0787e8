/**
 * `npm start`: the whole service on one machine, no AWS account, no Docker. DynamoDB Local persisted under
 * DATA_DIR, the table created if missing, a sandbox organization and key on first start, and the HTTP API
 * calling the very handler modules the Lambdas run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { resolveDepositXpub } from '#infra/local/deposit-key.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type LocalDynamoDb, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { startLocalServer } from '#infra/local/server.ts';
import { ensureTable } from '#infra/local/table.ts';

// The Lambda runtime is Node 22; the SDK's notice about Node 20 support is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('.data'),
    DYNAMODB_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    TABLE_NAME: z.string().default('payouts-local'),
  })
  .parse(process.env);

const dataDir = resolve(env.DATA_DIR);
const localJsonPath = join(dataDir, 'local.json');

export const LocalJsonSchema = z.object({
  apiUrl: z.string(),
  organizationId: z.string(),
  apiKey: z.string(),
  dynamodbEndpoint: z.string(),
  tableName: z.string(),
});

function readLocalJson() {
  if (!existsSync(localJsonPath)) return undefined;
  const parsed = LocalJsonSchema.safeParse(JSON.parse(readFileSync(localJsonPath, 'utf8')));
  return parsed.success ? parsed.data : undefined;
}

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb'), port: env.DYNAMODB_PORT });
  try {
    await serve(dynamo);
  } catch (error) {
    // Never leave DynamoDB Local running behind a failed start.
    await dynamo.stop();
    throw error;
  }
}

async function serve(dynamo: LocalDynamoDb) {
  // The handlers read their configuration from the environment on first use, exactly as in Lambda.
  Object.assign(process.env, {
    TABLE_NAME: env.TABLE_NAME,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    // The bank channel's outbox and inbox are folders here; payouts are batched every second unless set.
    BANK_CHANNEL_DIR: join(dataDir, 'bank'),
    PAYOUT_BATCH_INTERVAL_S: process.env.PAYOUT_BATCH_INTERVAL_S ?? '1',
  });
  // The bank channel's folders exist from the start, so an operator can drop a report into the inbox at once.
  for (const place of ['outbox', 'inbox', 'processed', 'quarantine']) {
    mkdirSync(join(dataDir, 'bank', place), { recursive: true });
  }
  // Before the configuration is first read: bank deposit wallets derive their addresses from it.
  const depositKey = resolveDepositXpub(dataDir, process.env);
  process.env.DEPOSIT_XPUB = depositKey.xpub;
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await ensureTable(client, env.TABLE_NAME);
  client.destroy();

  const { appDeps } = await import('#shared/deps.ts');
  const { getOrganization } = await import('#shared/organizations/repository.ts');
  const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
  const { routeList } = await import('#shared/routes.ts');
  const { LOCAL_WORKERS, startWorkers } = await import('#infra/local/workers.ts');
  const deps = appDeps();

  const previous = readLocalJson();
  let organizationId = previous?.organizationId;
  let apiKey = previous?.apiKey;
  let firstStart = false;
  if (
    !previous ||
    previous.tableName !== env.TABLE_NAME ||
    !(await getOrganization(deps.db, previous.organizationId))
  ) {
    const created = await createOrganization(deps.db, deps.clock, { name: 'Local sandbox', environment: 'sandbox' });
    organizationId = created.organizationId;
    apiKey = created.apiKey;
    firstStart = true;
  }

  const notes: string[] = [];
  const workers = await startWorkers(LOCAL_WORKERS, {
    deps,
    dataDir,
    dynamodbEndpoint: dynamo.endpoint,
    tableName: env.TABLE_NAME,
    announce: (line) => notes.push(line),
  });
  const server = await startLocalServer({ routes: routeList, port: env.PORT, host: env.HOST });
  const apiUrl = `${server.url}/api/v2`;
  writeFileSync(
    localJsonPath,
    `${JSON.stringify({ apiUrl, organizationId, apiKey, dynamodbEndpoint: dynamo.endpoint, tableName: env.TABLE_NAME }, null, 2)}\n`,
  );

  process.stdout.write(
    [
      '',
      `Payout service (local) listening on ${server.url}`,
      `  API base URL     ${apiUrl}`,
      `  Organization     ${organizationId} (sandbox${firstStart ? ', created now' : ''})`,
      `  API key          ${apiKey}`,
      `  Data             ${dataDir} (kept across restarts; connection details in ${localJsonPath})`,
      `  ${depositKey.note}`,
      ...notes.map((note) => `  ${note}`),
      '',
      'Try:',
      `  curl -H "Authorization: Bearer ${apiKey}" ${apiUrl}/customers`,
      '',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received, stopping...\n`);
    await server.close();
    await workers.stop();
    await dynamo.stop();
    process.stdout.write('Stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  dynamo.process.once('exit', (code) => {
    if (stopping) return;
    process.stderr.write(`DynamoDB Local exited unexpectedly (code ${code}); stopping.\n`);
    void server.close().then(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
