import { parentPort } from 'node:worker_threads';
import { parseInboxReport } from '#shared/rails/bank/inbox-report.ts';
import { MalformedReportError } from '#shared/rails/bank/reports.ts';

/** The worker thread of `parse-off-thread.ts`: parses each report it is sent and answers with the facts or why not. */
parentPort?.on('message', ({ id, input }: { id: number; input: string | Uint8Array }) => {
  try {
    parentPort?.postMessage({ id, report: parseInboxReport(input) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({ id, error: message, malformed: error instanceof MalformedReportError });
  }
});
