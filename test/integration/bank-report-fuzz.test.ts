import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { folderChannel } from '#shared/rails/bank/channel.ts';
import { stopReportParser } from '#shared/rails/bank/parse-off-thread.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { bookedReport, type Reported, SANDBOX_EUR_ACCOUNT } from '#test/support/rails/bank-channel.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Fuzzed bank reports never apply a fact: a booking of a filed payout, truncated, with a DOCTYPE or entities, in
 * another encoding, or with another amount, currency or debtor account, is quarantined and the payout stays
 * PROCESSING with its balance untouched; the same booking unharmed then completes it. Parsed on the worker thread,
 * as under `npm start`. FUZZ_RUNS sets the runs; FUZZ_SEED replays a failure fast-check reported.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  const own = await isolatedTableDeps(() => new Date());
  deps = { ...own, config: { ...own.config, bank: { ...own.config.bank, reportParser: 'worker' } } };
});

afterAll(() => stopReportParser());

const XXE = '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';

type Mutation = { what: string; report: (xml: string, payout: Reported) => string | Buffer };

const differentFrom = (own: string) => (value: string) => value !== own;

/** The mutations, each a way a report arrives broken or lying; none may apply anything. */
const mutations = (payout: Reported): fc.Arbitrary<Mutation>[] => [
  fc.nat().map((cut) => ({
    what: `truncated at ${cut}`,
    report: (xml) => xml.slice(0, cut % xml.lastIndexOf('</Document>')),
  })),
  fc
    .constantFrom(
      XXE,
      XXE.toLowerCase(),
      '<!DOCTYPE Document SYSTEM "http://127.0.0.1:9/x.dtd">',
      '<!DOCTYPE Document>',
    )
    .map((doctype) => ({ what: `doctype ${doctype}`, report: (xml) => xml.replace('?>', `?>\n${doctype}`) })),
  fc.constantFrom('&xxe;', '&amp;', '&#48;', '&lt;').map((entity) => ({
    what: `entity ${entity} in the end-to-end id`,
    report: (xml) => xml.replace(`>${payout.reference}<`, `>${payout.reference}${entity}<`),
  })),
  fc.constantFrom<Mutation>(
    { what: 'UTF-16LE', report: (xml) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]) },
    {
      what: 'UTF-16BE',
      report: (xml) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(xml, 'utf16le').swap16()]),
    },
    { what: 'Latin-1 declared', report: (xml) => Buffer.from(xml.replace('UTF-8', 'ISO-8859-1'), 'latin1') },
    {
      what: 'bytes that are not UTF-8',
      report: (xml) => {
        const [head = '', tail = ''] = xml.split('<MsgId>');
        return Buffer.concat([Buffer.from(`${head}<MsgId>`), Buffer.from([0xc3, 0x28]), Buffer.from(tail)]);
      },
    },
  ),
  fc
    .integer({ min: 1, max: 99_999_999 })
    .map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`)
    .filter((amount) => !new Decimal(amount).equals(payout.targetAmount))
    .map((amount) => ({ what: `amount ${amount}`, report: () => bookedReport([{ ...payout, targetAmount: amount }]) })),
  fc
    .stringMatching(/^[A-Z]{3}$/)
    .filter(differentFrom(payout.targetCurrency))
    .map((currency) => ({
      what: `currency ${currency}`,
      report: () => bookedReport([{ ...payout, targetCurrency: currency }]),
    })),
  fc
    .stringMatching(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/)
    .filter(differentFrom(SANDBOX_EUR_ACCOUNT.iban))
    .map((iban) => ({ what: `debtor ${iban}`, report: () => bookedReport([payout], '2026-11-23', { iban }) })),
];

describe('fuzzed bank reports', () => {
  it('are quarantined and never apply a fact; the unharmed report then applies', async () => {
    const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
    const { organizationId } = organization;
    const { customerId } = await createCustomer(deps, {
      organizationId,
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    });
    await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
    await creditBalance(deps, { organizationId, customerId, amount: '1000' });
    const withdrawalBankId = await givenBank(deps, organizationId, customerId, {});
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId,
      idempotencyKey: 'fuzzed',
      sourceAmount: '20.24',
    });
    const payout = transaction as Reported;
    const root = mkdtempSync(join(tmpdir(), 'payouts-bank-fuzz-'));
    const channel = folderChannel(root);
    mkdirSync(join(root, 'inbox'), { recursive: true });
    await batchPayouts(deps, channel);
    const status = async () =>
      (await getTransactionOfCustomer(deps.db, organizationId, customerId, transaction.id))?.status;
    const balanceBefore = await getBalance(deps.db, organizationId, customerId);
    const unharmed = bookedReport([payout]);
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.oneof(...mutations(payout)), async (mutation) => {
        const name = `fuzzed-${++run}.xml`;
        writeFileSync(join(root, 'inbox', name), mutation.report(unharmed, payout));

        const outcome = await processInboxReport(deps, channel, name);

        expect(outcome.outcome, mutation.what).toBe('quarantined');
        expect(await status(), mutation.what).toBe('PROCESSING');
        expect(await getBalance(deps.db, organizationId, customerId), mutation.what).toEqual(balanceBefore);
      }),
      { numRuns: FUZZ_RUNS * 3, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }) },
    );
    await channel.writeInbox('unharmed.xml', unharmed);
    expect(await processInboxReport(deps, channel, 'unharmed.xml')).toMatchObject({ outcome: 'applied', applied: 1 });
    expect(await status()).toBe('COMPLETED');
  });
});
