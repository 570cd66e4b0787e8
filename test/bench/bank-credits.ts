/**
 * A 10,000-entry end-of-day statement of money paid in (shared/bank-credits/), a companion of `npm run bench`: under
 * `npm start` (a temporary DATA_DIR), 100 KYC-approved customers, and one camt.053 of 10,000 booked credits quoting
 * their deposit references (spaced, lower case) dropped into the bank channel's inbox; measured from the drop to the
 * statement's arrival in `processed/` (applied whole), then the same statement again (every booking skipped). Target:
 * under 10 s on the machine the bench runs on. Prints a markdown table.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeCreditReport } from '#shared/rails/bank/credit-report-writer.ts';
import { startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';

const { values } = parseArgs({ options: { entries: { type: 'string', default: '10000' } } });
const ENTRIES = Number(values.entries);
const CUSTOMERS = 100;
const TIMEOUT_MS = 600_000;
/** The default 10 MB inbox limit is below a 10,000-entry statement as our writer formats it. */
const MAX_BYTES = String(64 * 1024 * 1024);

const dataDir = mkdtempSync(join(tmpdir(), 'payouts-bench-bank-credits-'));
const runtime = await startRuntime(dataDir, {
  LOG_LEVEL: 'error',
  SANDBOX_SETTLE_AFTER_S: 'off',
  BANK_REPORT_MAX_BYTES: MAX_BYTES,
});
try {
  const { apiKey: key } = runtime.localJson();
  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });
  const references: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const { body } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Jane Doe',
      accountType: 'individual',
      email: `jane${i}@example.com`,
    });
    await api('POST', `/sandbox/customers/${body.customerId}/kyc/approve`);
    const details = await api<{ reference: string }>('GET', `/customers/${body.customerId}/deposit?currency=eur`);
    references.push(details.body.reference);
  }
  const statement = (messageId: string) =>
    writeCreditReport({
      messageId,
      createdAt: new Date().toISOString(),
      account: { iban: 'DE89370400440532013000' },
      statement: true,
      entries: Array.from({ length: ENTRIES }, (_, n) => {
        const reference = references[n % CUSTOMERS] ?? '';
        return {
          bankReference: `BENCH${String(n).padStart(8, '0')}`,
          amount: `${1 + (n % 500)}.00`,
          currency: 'EUR',
          bookingDate: '2026-11-27',
          remittance: [`deposit ${reference.slice(0, 5)} ${reference.slice(5)}`.toLowerCase()],
          payer: { name: 'JANE DOE', account: { iban: 'FR1420041010050500013M02606' } },
        };
      }),
    });
  const bankDir = join(dataDir, 'bank');
  const applied = async (name: string, xml: string) => {
    const started = Date.now();
    writeFileSync(join(bankDir, 'inbox', name), xml);
    while (!existsSync(join(bankDir, 'processed', name))) {
      if (readdirSync(join(bankDir, 'quarantine')).some((file) => file.startsWith(name))) {
        throw new Error(`${name} was quarantined`);
      }
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`${name} not applied in ${TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (Date.now() - started) / 1000;
  };
  const xml = statement('BENCH-STATEMENT-1');
  const first = await applied('bench-statement-1.camt053.xml', xml);
  const again = await applied(
    'bench-statement-2.camt053.xml',
    xml.replaceAll('BENCH-STATEMENT-1', 'BENCH-STATEMENT-2'),
  );
  const rows = [
    '| Statement | Entries | Size | Applied in (s) | Target |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| first (each credited) | ${ENTRIES} | ${(xml.length / 1e6).toFixed(1)} MB | ${first.toFixed(1)} | 10 |`,
    `| repeated (each skipped) | ${ENTRIES} | ${(xml.length / 1e6).toFixed(1)} MB | ${again.toFixed(1)} | 10 |`,
  ];
  process.stdout.write(`A camt.053 of bank credits applied (${CUSTOMERS} customers)\n\n${rows.join('\n')}\n`);
} finally {
  await runtime.stop('SIGKILL');
  await untilDatabaseReleased(dataDir).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
