/**
 * A thread standing in for the workers' thread of `npm start` (test/unit/local/worker-failures.test.ts): it sets the
 * thread up as infra/local/workers-thread-entry.ts does, then a worker's DynamoDB call fails with nobody awaiting it,
 * and the thread says whether it is still running afterwards, with what it logged.
 */
import { parentPort } from 'node:worker_threads';
import { logUnhandledRejections } from '#infra/local/worker-failures.ts';

const logged: string[] = [];
const write = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string, ...rest: never[]) => {
  logged.push(String(chunk));
  return write(chunk, ...rest);
}) as typeof process.stderr.write;

logUnhandledRejections();
const timedOut = Object.assign(
  new Error('the request socket did not establish a connection with the server within the configured timeout'),
  { name: 'TimeoutError' },
);
void Promise.reject(timedOut).then(() => undefined);
setTimeout(() => parentPort?.postMessage({ running: true, logged: logged.join('') }), 300);
