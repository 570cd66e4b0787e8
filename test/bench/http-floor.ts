import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '#infra/repo-root.ts';
import type { CommandPlan } from '#test/bench/floor.ts';

/** What the floor served over HTTP replays and answers (test/bench/http-floor-server.ts). */
export type HttpFloorSpec = {
  plan: CommandPlan;
  /** The ids of existing resources the replays keep (test/bench/floor.ts). */
  keep: string[];
  /** The key whose organization the replays take the rate-limit leases of, as the service does. */
  apiKey: string;
  /** The response the route gave, answered as it was. */
  response: { statusCode: number; headers: Record<string, string>; body: string };
};

export type HttpFloor = { url: string; stop: () => Promise<void> };

/** The key of the line the server prints once it listens (`{"httpFloorPort": n}`), among any log lines. */
export const HTTP_FLOOR_PORT = 'httpFloorPort';

/** The port in the server's output so far, once the line naming it is complete. */
function portIn(output: string): number | undefined {
  for (const line of output.split('\n').slice(0, -1)) {
    if (!line.includes(HTTP_FLOOR_PORT)) continue;
    const port = (JSON.parse(line) as Record<string, unknown>)[HTTP_FLOOR_PORT];
    if (typeof port === 'number') return port;
  }
  return undefined;
}

/**
 * Starts the floor served over HTTP as a process of its own, with this process's environment (the table, the
 * endpoint, the credentials): the spec goes as one line on its stdin, it prints its port on its stdout once it
 * listens, and it exits when its stdin closes.
 */
export async function startHttpFloor(spec: HttpFloorSpec): Promise<HttpFloor> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/bench/http-floor-server.ts')], {
    cwd: REPO_ROOT,
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = portIn(output);
      if (found === undefined) return;
      // What it prints later (its own logs) is not read, only drained.
      child.stdout.off('data', onOutput);
      child.stdout.resume();
      resolve(found);
    };
    child.stdout.on('data', onOutput);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the floor served over HTTP exited with ${code}: ${output}`)));
    child.stdin.write(`${JSON.stringify(spec)}\n`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
