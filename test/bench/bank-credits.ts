/**
 * A 10,000-entry end-of-day statement of money paid in (shared/bank-credits/), a companion of `npm run bench`: under
 * `npm start` (a temporary DATA_DIR), 100 KYC-approved customers, and one camt.053 of 10,000 booked credits quoting
 * their deposit references (spaced, lower case) dropped into the bank channel's inbox; measured from the drop to the
 * statement's arrival in `processed/` (applied whole), then the same statement again (every booking skipped). Target:
 * under 10 s on the machine the bench runs on.
 *
 * The floor, measured in the same run (decision 0024): the statement's writes alone, the same bookings, deposits and
 * balance credits in the same packs and lanes, written by the same code (`credit-packs.ts`) from this process to the
 * same DynamoDB Local, without the report's parse, reads and matching. And the least any design could write: each
 * booking's guarded item alone (one item a credit, none of what it becomes), in the same transactions of 100 and
 * lanes. Prints a markdown table.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { bookingOf } from '#shared/bank-credits/apply-bank-credits.ts';
import { bookingWrites } from '#shared/bank-credits/booking-repository.ts';
import {
  byOwner,
  CREDIT_LANES,
  type DecidedCredit,
  lanesOf,
  packsOf,
  writePack,
} from '#shared/bank-credits/credit-packs.ts';
import { creditsOfReport } from '#shared/bank-credits/credits-of-report.ts';
import type { Decision } from '#shared/bank-credits/match-credit.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { quoteDeposit } from '#shared/quotes/quote-deposit.ts';
import { writeCreditReport } from '#shared/rails/bank/credit-report-writer.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { parseBankReport } from '#shared/rails/bank/reports.ts';
import { type LocalJson, startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const { values } = parseArgs({ options: { entries: { type: 'string', default: '10000' } } });
const ENTRIES = Number(values.entries);
const CUSTOMERS = 100;
/** On a loaded machine the writes alone take minutes: the bench reports how long rather than giving up. */
const TIMEOUT_MS = 1_800_000;
/** The default 10 MB inbox limit is below a 10,000-entry statement as our writer formats it. */
const MAX_BYTES = String(64 * 1024 * 1024);

/**
 * The floor: the writes a statement's credits make, each credited to its customer at one quote, packed and written
 * as `applyBankCredits` writes them (another account, so other bookings), timed from the first pack to the last.
 */
async function writesAlone(local: LocalJson, customerIds: string[], xml: string, bookingsOnly = false) {
  Object.assign(process.env, {
    TABLE_NAME: local.tableName,
    DYNAMODB_ENDPOINT: local.dynamodbEndpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    DEPOSIT_XPUB: readFileSync(join(dataDir, 'deposit-xpub'), 'utf8').trim(),
  });
  const { appDeps } = await import('#shared/deps.ts');
  const deps = appDeps();
  const report = parseBankReport(xml);
  if (report.kind !== 'camt.054') throw new Error('the floor statement is not a camt.053');
  const now = new Date();
  // Only the ids and the fee rate of the organization and customer are written; the rest is the matcher's.
  const organization = { organizationId: local.organizationId } as Organization;
  const decided = creditsOfReport(report, now).credits.map((credit, n): DecidedCredit => {
    const customer = { customerId: customerIds[n % customerIds.length], developerSpreadFeeBps: 0 } as CustomerRecord;
    const quote = quoteDeposit({ payoutRate: '0.92', developerSpreadFeeBps: 0, sourceAmount: credit.amount });
    const instructions = { accountType: 'sharedAccount' as const, reference: 'BENCHFLOOR' };
    const decision: Decision = { kind: 'credit', organization, customer, quote, instructions, rail: SEPA };
    return { credit, decision, booking: bookingOf(credit, decision, report.messageId, now), wallet: false };
  });
  const started = Date.now();
  await Promise.all(
    lanesOf(byOwner(decided), CREDIT_LANES).map(async (lane) => {
      if (!bookingsOnly) for (const pack of packsOf(lane)) await writePack(deps, pack);
      else
        for (let start = 0; start < lane.length; start += 100) {
          const bookings = lane.slice(start, start + 100).map(({ booking }) => bookingWrites.insert(deps.db, booking));
          await writeGuarded(deps.db, bookings);
        }
    }),
  );
  return (Date.now() - started) / 1000;
}

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
  const customerIds: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const { body } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Jane Doe',
      accountType: 'individual',
      email: `jane${i}@example.com`,
    });
    await api('POST', `/sandbox/customers/${body.customerId}/kyc/approve`);
    customerIds.push(body.customerId);
    const details = await api<{ reference: string }>('GET', `/customers/${body.customerId}/deposit?currency=eur`);
    references.push(details.body.reference);
  }
  const statement = (messageId: string, iban = 'DE89370400440532013000') =>
    writeCreditReport({
      messageId,
      createdAt: new Date().toISOString(),
      account: { iban },
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
      if (runtime.child.exitCode !== null || runtime.child.signalCode !== null) {
        throw new Error(`npm start ended while ${name} was applied:\n${runtime.output().slice(-4000)}`);
      }
      if (Date.now() - started > TIMEOUT_MS) {
        throw new Error(`${name} not applied in ${TIMEOUT_MS} ms:\n${runtime.output().slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (Date.now() - started) / 1000;
  };
  const floor = await writesAlone(runtime.localJson(), customerIds, statement('BENCH-FLOOR', 'DE02120300000000202051'));
  const bookingsAlone = await writesAlone(
    runtime.localJson(),
    customerIds,
    statement('BENCH-BOOKINGS', 'DE75512108001245126199'),
    true,
  );
  const xml = statement('BENCH-STATEMENT-1');
  const first = await applied('bench-statement-1.camt053.xml', xml);
  const again = await applied(
    'bench-statement-2.camt053.xml',
    xml.replaceAll('BENCH-STATEMENT-1', 'BENCH-STATEMENT-2'),
  );
  const size = `${(xml.length / 1e6).toFixed(1)} MB`;
  const rows = [
    '| Statement | Entries | Size | Applied in (s) | ÷ floor | Target (s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| floor: its writes alone | ${ENTRIES} | | ${floor.toFixed(1)} | 1.00 | |`,
    `| its bookings' items alone (1 a credit) | ${ENTRIES} | | ${bookingsAlone.toFixed(1)} | ${(bookingsAlone / floor).toFixed(2)} | |`,
    `| first (each credited) | ${ENTRIES} | ${size} | ${first.toFixed(1)} | ${(first / floor).toFixed(2)} | 10 |`,
    `| repeated (each skipped) | ${ENTRIES} | ${size} | ${again.toFixed(1)} | ${(again / floor).toFixed(2)} | 10 |`,
  ];
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  process.stdout.write(
    `A camt.053 of bank credits applied (${CUSTOMERS} customers; load average ${load} at the end)\n\n${rows.join('\n')}\n`,
  );
} finally {
  await runtime.stop('SIGKILL');
  await untilDatabaseReleased(dataDir).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
