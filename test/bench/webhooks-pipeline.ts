/**
 * The webhook bench's pipeline (test/bench/webhooks.ts) on a thread of its own: the local events worker (stream
 * relay, bus, queue, sender), as the relay and the sender run apart from the API in AWS. On the bench's thread it
 * shared one core's share with the bench's own event writes and the floor's, which then measured the thread as
 * much as the pipeline. Counts the read and write units its DynamoDB calls consume from `count` on, and answers
 * `stop` with them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { eventsWorker } from '#infra/local/events-worker.ts';
import { appDeps } from '#shared/deps.ts';
import { type Consumed, consumedOf, isReadCommand } from '#test/bench/floor.ts';

export type PipelineData = { dataDir: string; dynamodbEndpoint: string; tableName: string };
export type PipelineRequest = 'count' | 'stop';
export type PipelineReply = { started: true } | { units: { read: number; write: number } };

const port = parentPort;
if (!port) throw new Error('test/bench/webhooks-pipeline.ts runs as a worker thread of test/bench/webhooks.ts');
const data = workerData as PipelineData;
const deps = appDeps();
const units = { read: 0, write: 0 };
let counting = false;
const client = deps.db.client as unknown as {
  send: (command: { input: Record<string, unknown> }) => Promise<unknown>;
};
const send = client.send.bind(client);
client.send = async (command) => {
  if (!counting) return send(command);
  command.input.ReturnConsumedCapacity = 'TOTAL';
  const result = (await send(command)) as Consumed;
  const consumed = consumedOf(result);
  if (isReadCommand(command.constructor.name)) units.read += consumed;
  else units.write += consumed;
  return result;
};

const worker = await eventsWorker.start({ deps, ...data, announce: () => undefined });
port.on('message', async (request: PipelineRequest) => {
  if (request === 'count') counting = true;
  if (request === 'stop') {
    await worker.stop();
    port.postMessage({ units } satisfies PipelineReply);
  }
});
port.postMessage({ started: true } satisfies PipelineReply);
