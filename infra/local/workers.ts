import { eventsWorker } from '#infra/local/events-worker.ts';
import { WITHDRAWAL_WORKERS } from '#infra/local/withdrawal-workers.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * The in-process stand-ins for what AWS runs beside the API (stream relay, bus, queue pollers, webhook
 * sender, settlement, expiry sweep). Each area adds its own worker to `LOCAL_WORKERS`; `npm start` starts
 * them after the table exists and stops them, in reverse order, before DynamoDB Local.
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

export const LOCAL_WORKERS: LocalWorker[] = [eventsWorker, ...WITHDRAWAL_WORKERS];

export async function startWorkers(workers: readonly LocalWorker[], context: LocalWorkerContext) {
  const running: { name: string; worker: RunningWorker }[] = [];
  for (const worker of workers) running.push({ name: worker.name, worker: await worker.start(context) });
  return {
    stop: async () => {
      for (const { worker } of running.reverse()) await worker.stop();
    },
  };
}
