import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '#infra/local/ports.ts';

import { REPO_ROOT } from '#infra/repo-root.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';
import { type CheckedResponse, checkedFetch } from '#test/support/openapi-contract.ts';
import { eventually } from '#test/support/webhooks/receiver.ts';

const execFileAsync = promisify(execFile);

export type LocalJson = {
  apiUrl: string;
  organizationId: string;
  apiKey: string;
  dynamodbEndpoint: string;
  tableName: string;
  /** The local chain, one entry per supported chain (absent with LOCAL_CHAIN=off). */
  chains?: { chain: string; chainId: number; rpcUrl: string; usdcAddress: string; fundedPrivateKey: string }[];
  /** The console (`http://localhost:<port>/console/`) and, while the sandbox organization has no owner, its invite. */
  consoleUrl: string;
  ownerInviteUrl?: string;
};

export type ApiCall = <T = unknown>(
  method: string,
  /** Below `/api/v2`, or an absolute URL (a `Link` header's). */
  path: string,
  options?: { key?: string; body?: string | object; headers?: Record<string, string> },
) => Promise<CheckedResponse<T>>;

export type Runtime = {
  child: ChildProcess;
  baseUrl: string;
  /** An HTTP call to the runtime; the response is checked against the service's OpenAPI document. */
  api: ApiCall;
  /**
   * A set-up call (`setupRequest`): sent again while the runtime answers 503 with `Retry-After`, and an error naming
   * the call, its status and its body when it answers other than `expected`.
   */
  given: <T = unknown>(
    what: string,
    method: string,
    path: string,
    options: Parameters<ApiCall>[2],
    expected: number | readonly number[],
  ) => Promise<CheckedResponse<T>>;
  output: () => string;
  localJson: () => LocalJson;
  /**
   * Sends the signal to the whole process group, as a terminal's Ctrl-C does, and waits until every process
   * of it has let go of the output (npm itself may exit on the signal before the service has stopped).
   */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * The tests' solc output cache (the integration chains use it too): contracts compiled once per run rather than
 * once per data folder. The files are named by the digest of source and compiler, so a copy is what `npm start`
 * would have compiled; everything else a first start does, it still does.
 */
const SOLC_CACHE = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
const COMPILED = /-[0-9a-f]{16}\.json$/;

function copyCompiled(from: string, to: string) {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((name) => COMPILED.test(name))) {
    if (!existsSync(join(to, file))) copyFileSync(join(from, file), join(to, file));
  }
}

/**
 * Starts `npm start` exactly as a user would, in its own process group, and waits until it serves. `env` adds
 * variables (a short retry schedule, test hooks, a `PORT` other than the free one picked here).
 */
export async function startRuntime(dataDir: string, env: Record<string, string> = {}): Promise<Runtime> {
  copyCompiled(SOLC_CACHE, join(dataDir, 'chain'));
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const deadline = Date.now() + 90_000;
  while (!output.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
      throw new Error(`npm start did not come up within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  copyCompiled(join(dataDir, 'chain'), SOLC_CACHE);
  const localJson = () => JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8')) as LocalJson;
  // The port the runtime reports having bound: `env` may ask for any port (PORT=0).
  const baseUrl = new URL(localJson().apiUrl).origin;
  const checked = checkedFetch();
  const api: ApiCall = (method, path, options = {}) =>
    checked(path.startsWith('http') ? path : `${baseUrl}/api/v2${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        ...options.headers,
      },
      body: typeof options.body === 'object' ? JSON.stringify(options.body) : options.body,
    });
  return {
    child,
    baseUrl,
    api,
    given: <T>(
      what: string,
      method: string,
      path: string,
      options: Parameters<ApiCall>[2],
      expected: number | readonly number[],
    ) => setupRequest(what, () => api<T>(method, path, options), expected),
    output: () => output,
    localJson,
    stop: async (signal = 'SIGINT') => {
      try {
        process.kill(-(child.pid ?? 0), signal);
      } catch {
        // The group is already gone.
      }
      await closed;
    },
  };
}

/** `npm run admin -- ...` against the runtime's DATA_DIR; resolves the parsed JSON it prints. */
export async function admin(dataDir: string, ...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await execFileAsync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, TABLE_NAME: '' },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/**
 * After a SIGKILL, DynamoDB Local's guardian stops it within a second or two on a quiet machine, several times
 * that on busy cores (a JVM shutting down); the next start needs its files.
 */
export async function untilDatabaseReleased(dataDir: string) {
  await eventually(
    'DynamoDB Local of the killed runtime to stop',
    () => !execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(join(dataDir, 'dynamodb')),
    60_000,
  );
}
