import { parentPort } from 'node:worker_threads';
import { MalformedReportError, parseBankReport } from '#shared/rails/bank/reports.ts';

/** The worker thread of `parse-off-thread.ts`: parses each report it is sent and answers with the facts or why not. */
parentPort?.on('message', ({ id, input }: { id: number; input: string | Uint8Array }) => {
  try {
    parentPort?.postMessage({ id, report: parseBankReport(input) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({ id, error: message, malformed: error instanceof MalformedReportError });
  }
});
