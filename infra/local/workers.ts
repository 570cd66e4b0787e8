import { chainWorker } from '#infra/local/chain-worker.ts';
import { eventsWorker } from '#infra/local/events-worker.ts';
import { SCHEDULED_WORKERS } from '#infra/local/scheduled-workers.ts';
import { sweepWorker } from '#infra/local/sweep-worker.ts';
import type { LocalWorker, LocalWorkerContext, RunningWorker } from '#infra/local/worker.ts';

/** Every local worker, in start order. */
export const LOCAL_WORKERS: LocalWorker[] = [eventsWorker, ...SCHEDULED_WORKERS, chainWorker, sweepWorker];

export async function startWorkers(workers: readonly LocalWorker[], context: LocalWorkerContext) {
  const running: { name: string; worker: RunningWorker }[] = [];
  for (const worker of workers) running.push({ name: worker.name, worker: await worker.start(context) });
  return {
    stop: async () => {
      for (const { worker } of running.reverse()) await worker.stop();
    },
  };
}
