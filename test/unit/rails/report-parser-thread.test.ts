import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BankRailSettings } from '#shared/payouts/settings.ts';
import { parseReport, stopReportParser } from '#shared/rails/bank/parse-off-thread.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';

/**
 * Under `npm start` the API and the bank inbox share one process: a report as large as `BANK_REPORT_MAX_BYTES`
 * parsed on the main thread holds every request for as long as the parse takes. Parsed on the worker thread, the
 * API answers meanwhile. Measured against the parse time of the same report in the same run, never a fixed time.
 */
const LIMIT = BankRailSettings.maxReportBytes.schema.parse(undefined);

/** A camt.054 with as many bookings as fit under the limit: one written booking, repeated with its own ids. */
function limitSizedReport(): Uint8Array {
  const one = writeCamt054({
    messageId: 'LARGE',
    createdAt: '2026-11-23T00:00:00Z',
    account: { iban: 'DE89370400440532013000' },
    rail: 'SEPA',
    entries: [{ endToEndId: 'WD-0000-0000', amount: '20.24', currency: 'EUR', bookingDate: '2026-11-23' }],
  });
  const entry = one.slice(one.indexOf('<Ntry>'), one.lastIndexOf('</Ntry>') + '</Ntry>'.length);
  const [head, tail] = [one.slice(0, one.indexOf('<Ntry>')), one.slice(one.lastIndexOf('</Ntry>') + '</Ntry>'.length)];
  const count = Math.floor((LIMIT - head.length - tail.length) / entry.length);
  const id = (i: number) =>
    `WD-${String(i % 10_000).padStart(4, '0')}-${String(Math.floor(i / 10_000)).padStart(4, '0')}`;
  const entries = Array.from({ length: count }, (_, i) => entry.replace('WD-0000-0000', id(i))).join('');
  return new TextEncoder().encode(`${head}${entries}${tail}`);
}

/** A trivial API on this process's event loop, and the time each request to it takes. */
async function api() {
  const server = createServer((_, response) => response.end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const answered = async () => {
    const started = performance.now();
    await (await fetch(url)).text();
    return performance.now() - started;
  };
  return { answered, close: () => new Promise((resolve) => server.close(resolve)) };
}

afterAll(() => stopReportParser());

/** Two parses of 10 MiB, a worker's start and the requests between them take far more than the tier's 30 s on busy cores. */
const LONGER_THAN_TWO_PARSES_ON_BUSY_CORES = 180_000;

describe('a limit-sized report parsed off the request path', () => {
  it(
    'keeps the API answering while the worker thread parses it; parsed inline it holds the API for the parse',
    async () => {
      const report = limitSizedReport();
      expect(report.length).toBeLessThanOrEqual(LIMIT);
      expect(report.length).toBeGreaterThan(LIMIT * 0.95);
      const { answered, close } = await api();
      await answered();

      // Inline: a request already sent waits until the parse is over.
      const waiting = answered();
      const inlineStarted = performance.now();
      const inline = await parseReport(report, 'inline');
      const inlineParse = performance.now() - inlineStarted;
      const heldFor = await waiting;

      // On the worker: requests one after the other for as long as the parse takes.
      let parsed = false;
      const onWorker = parseReport(report, 'worker').finally(() => {
        parsed = true;
      });
      const latencies: number[] = [];
      while (!parsed) latencies.push(await answered());
      const fromWorker = await onWorker;
      await close();

      const entries = (report: typeof inline) => (report.kind === 'camt.054' ? report.entries : []);
      expect(entries(fromWorker)).toHaveLength(entries(inline).length);
      expect(entries(fromWorker).at(-1)).toEqual(entries(inline).at(-1));
      expect(entries(inline).length).toBeGreaterThan(10_000);
      expect(heldFor).toBeGreaterThanOrEqual(inlineParse * 0.9);
      expect(latencies.length).toBeGreaterThan(1);
      expect(Math.max(...latencies)).toBeLessThan(inlineParse / 2);
    },
    LONGER_THAN_TWO_PARSES_ON_BUSY_CORES,
  );
});
