import type { Worker } from 'node:worker_threads';
import { type InboxReport, parseInboxReport } from '#shared/rails/bank/inbox-report.ts';
import { MalformedReportError } from '#shared/rails/bank/reports.ts';
import { typeScriptThread } from '#shared/typescript-thread.ts';

/**
 * Where a report is parsed. `inline` in AWS: each invocation handles one report and serves nothing else. `worker`
 * under `npm start`, where the API, the workers and the inbox share one process: a report of
 * `BANK_REPORT_MAX_BYTES` takes seconds to parse, and parsing it on the main thread would hold every API request for
 * that long, so it is parsed on a worker thread and the main thread only waits for the answer.
 */
export type ReportParser = 'inline' | 'worker';

type Answer = { id: number; report: InboxReport } | { id: number; error: string; malformed: boolean };

let worker: Worker | undefined;
let sequence = 0;
const pending = new Map<number, { resolve: (report: InboxReport) => void; reject: (error: Error) => void }>();

function failAll(thread: Worker, error: Error) {
  if (worker !== thread) return;
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  worker = undefined;
}

/** One long-lived worker, started on first use; it keeps the process alive only while a report is being parsed. */
function parserThread(): Worker {
  if (worker) return worker;
  const thread = typeScriptThread(new URL('./report-parser-worker.ts', import.meta.url));
  thread.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) thread.unref();
    if ('report' in answer) waiting.resolve(answer.report);
    else waiting.reject(answer.malformed ? new MalformedReportError(answer.error) : new Error(answer.error));
  });
  thread.on('error', (error) => failAll(thread, error));
  thread.on('exit', (code) => failAll(thread, new Error(`The report parser thread exited (${code})`)));
  thread.unref();
  worker = thread;
  return thread;
}

export function parseReport(input: string | Uint8Array, parser: ReportParser): Promise<InboxReport> {
  if (parser === 'inline') return Promise.resolve().then(() => parseInboxReport(input));
  const thread = parserThread();
  const id = ++sequence;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, input });
  });
}

/** Stops the parser thread (tests; the process ends it otherwise). */
export async function stopReportParser() {
  const thread = worker;
  worker = undefined;
  await thread?.terminate();
}
