import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '#infra/repo-root.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * The local stand-ins for what AWS runs beside the API (stream relay, bus, queue pollers, webhook
 * sender, settlement, expiry sweep). Each area adds its own worker to `LOCAL_WORKERS`; `npm start` starts
 * them on their own thread after the table exists (infra/local/workers-thread.ts) and stops them, in reverse
 * order, before DynamoDB Local.
 */
export type LocalWorkerContext = {
  deps: Deps;
  dataDir: string;
  dynamodbEndpoint: string;
  tableName: string;
  /** Lines to print in the start banner (e.g. "generated a development key"). */
  announce: (line: string) => void;
};

export type RunningWorker = { stop: () => Promise<void> };

export type LocalWorker = {
  name: string;
  start: (context: LocalWorkerContext) => Promise<RunningWorker>;
};

/** The handler of the module the Lambda runs, by its entry (`functions/...`). */
export async function importHandler<H>(entry: string): Promise<H> {
  const mod = (await import(pathToFileURL(join(REPO_ROOT, entry)).href)) as { handler: H };
  return mod.handler;
}
