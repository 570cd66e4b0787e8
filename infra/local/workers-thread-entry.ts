/**
 * The workers' thread of `npm start` (started by infra/local/workers-thread.ts): its own deps from its copy of the
 * environment, `LOCAL_WORKERS` started in order, their banner lines sent back, and on `stop` stopped in reverse.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { logUnhandledRejections } from '#infra/local/worker-failures.ts';
import { LOCAL_WORKERS, startWorkers } from '#infra/local/workers.ts';
import { appDeps } from '#shared/deps.ts';

export type WorkersThreadData = { dataDir: string; dynamodbEndpoint: string; tableName: string };
export type WorkersThreadRequest = 'stop';
export type WorkersThreadReply =
  | { kind: 'started'; notes: string[] }
  | { kind: 'failed'; error: string }
  | { kind: 'stopped' };

const port = parentPort;
if (!port) throw new Error('infra/local/workers-thread-entry.ts runs as the workers thread of infra/local/main.ts');
const data = workerData as WorkersThreadData;
const reply = (message: WorkersThreadReply) => port.postMessage(message);
logUnhandledRejections();

const notes: string[] = [];
try {
  const workers = await startWorkers(LOCAL_WORKERS, {
    deps: appDeps(),
    dataDir: data.dataDir,
    dynamodbEndpoint: data.dynamodbEndpoint,
    tableName: data.tableName,
    announce: (line) => notes.push(line),
  });
  port.on('message', async (request: WorkersThreadRequest) => {
    if (request !== 'stop') return;
    try {
      await workers.stop();
      reply({ kind: 'stopped' });
    } catch (error) {
      reply({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  });
  reply({ kind: 'started', notes });
} catch (error) {
  reply({ kind: 'failed', error: error instanceof Error ? error.message : String(error) });
}
