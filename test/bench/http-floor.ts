import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

/**
 * Starts the floor served over HTTP as a process of its own, with this process's environment (the table, the
 * endpoint, the credentials): the spec goes as one line on its stdin, it answers `{"port": n}` on its stdout once
 * it listens, and it exits when its stdin closes.
 */
export async function startHttpFloor(spec: HttpFloorSpec): Promise<HttpFloor> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/bench/http-floor-server.ts')], {
    cwd: REPO_ROOT,
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  child.stdin.write(`${JSON.stringify(spec)}\n`);
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the floor served over HTTP exited with ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
