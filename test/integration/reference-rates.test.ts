import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBank } from '#shared/banks/create-bank.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { parseConfig } from '#shared/config/env.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import { ingestInboundTransfer } from '#shared/deposits/ingest-inbound-transfer.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { fetchReferenceRates } from '#shared/quotes/fetch-reference-rates.ts';
import { getRate } from '#shared/quotes/get-rate.ts';
import { getReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
import { MalformedReferenceRatesError } from '#shared/rails/rates/ecb-daily-rates.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { eurBank } from '#test/support/banks/bank-requests.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Live organizations on the ECB's reference rates, end to end below HTTP: the scheduled fetcher reads the ECB's
 * file from a real HTTP server and stores it in DynamoDB Local (a table of this file's own: the rate is one
 * platform-wide item), and withdrawals and indicative quotes use it, with the organization's spread.
 */

// Metrics are written only with a namespace (as in AWS): the stale-rates metric is read from the output.
process.env.METRICS_NAMESPACE = 'PayoutsReferenceRatesTest';

const SAMPLE = readFileSync(path.join(import.meta.dirname, '../unit/rails/samples/ecb-eurofxref-daily.xml'), 'utf8');
const dayFile = (date: string, usdPerEur: string) =>
  SAMPLE.replace("time='2026-11-24'", `time='${date}'`).replace("rate='1.0512'", `rate='${usdPerEur}'`);

/** What the ECB server answers next. */
let published: { status: number; body: string } = { status: 200, body: SAMPLE };
let ecb: Server;
let deps: Deps;
/** The clock of the code under test. */
let now = new Date('2026-11-25T10:00:00.000Z');

beforeAll(async () => {
  ecb = createServer((_req, res) => {
    res.writeHead(published.status, { 'content-type': 'text/xml' });
    res.end(published.body);
  });
  await new Promise<void>((resolve) => ecb.listen(0, '127.0.0.1', resolve));
  const isolated = await isolatedTableDeps(() => now);
  const config = parseConfig({
    ...process.env,
    TABLE_NAME: isolated.db.tableName,
    REFERENCE_RATES_SOURCE: 'ecb',
    ECB_RATES_URL: `http://127.0.0.1:${(ecb.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`,
    REFERENCE_RATES_MAX_AGE_H: '96',
  });
  deps = { ...isolated, config };
});

afterAll(() => new Promise<void>((resolve) => ecb.close(() => resolve())));

beforeEach(() => {
  published = { status: 200, body: SAMPLE };
  now = new Date('2026-11-25T10:00:00.000Z');
});

/** A live organization with the given spread, a KYC-approved customer with 500 USDC and an ACTIVE EUR bank. */
async function givenLivePayee(fxSpreadBps: number) {
  const { organization } = await givenOrganization(deps, { environment: 'live' });
  const { organizationId } = organization;
  const spread = await updateOrganization(deps.db, organizationId, { fxSpreadBps }, now);
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId);
  await creditBalance(deps, { organizationId, customerId, amount: '500' });
  const withdraw = async (idempotencyKey: string, sourceAmount: string) =>
    (await createWithdrawal(deps, { organization: spread, customerId, withdrawalBankId, idempotencyKey, sourceAmount }))
      .transaction;
  const rate = () => getRate(deps, spread, { source_currency: 'USDC', target_currency: 'EUR', source_amount: '100' });
  return { organizationId, customerId, withdraw, rate };
}

describe('the ECB reference rates fetcher', () => {
  it('stores the published USD rate, never moves back to an older day, and refreshes the same day', async () => {
    expect(await fetchReferenceRates(deps)).toEqual({ date: '2026-11-24', usdPerEur: '1.0512', stored: true });

    published = { status: 200, body: dayFile('2026-11-23', '1.0499') };
    expect(await fetchReferenceRates(deps)).toMatchObject({ date: '2026-11-23', stored: false });

    now = new Date('2026-11-25T11:00:00.000Z');
    published = { status: 200, body: SAMPLE };
    expect(await fetchReferenceRates(deps)).toMatchObject({ date: '2026-11-24', stored: true });
    expect(await getReferenceRates(deps.db)).toEqual({
      source: 'ECB',
      date: '2026-11-24',
      usdPerEur: '1.0512',
      fetchedAt: '2026-11-25T11:00:00.000Z',
    });
  });

  it('stores nothing when the ECB fails or answers something else, so the last good rate stays', async () => {
    await fetchReferenceRates(deps);
    const before = await getReferenceRates(deps.db);

    published = { status: 503, body: 'Service Unavailable' };
    await expect(fetchReferenceRates(deps)).rejects.toThrow(/HTTP 503/);
    published = { status: 200, body: '<html>maintenance</html>' };
    await expect(fetchReferenceRates(deps)).rejects.toThrow(MalformedReferenceRatesError);
    published = { status: 200, body: SAMPLE.replace("<Cube currency='USD' rate='1.0512'/>", '') };
    await expect(fetchReferenceRates(deps)).rejects.toThrow(/no USD rate/);

    expect(await getReferenceRates(deps.db)).toEqual(before);
  });
});

describe('the stale-rates metric', () => {
  const output = captureOutputOfEachTest();
  const stale = () =>
    output
      .stdout()
      .lines.flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => 'ReferenceRatesStale' in line)
      .map((line) => line.ReferenceRatesStale);

  it('publishes 0 after a fresh rate is stored, and 1 once the stored one is older than the allowed age, failed run or not', async () => {
    await fetchReferenceRates(deps);
    now = new Date('2026-11-30T10:00:00.000Z');
    published = { status: 503, body: 'Service Unavailable' };
    await expect(fetchReferenceRates(deps)).rejects.toThrow(/HTTP 503/);

    expect(stale()).toEqual([0, 1]);
  });
});

describe('a live organization on ECB rates', () => {
  it('withdraws at the ECB rate less its spread, the rate GET /rates shows', async () => {
    published = { status: 200, body: dayFile('2026-11-24', '1.0512') };
    await fetchReferenceRates(deps);
    const payee = await givenLivePayee(25);

    const quote = await payee.rate();
    const withdrawal = await payee.withdraw('ecb-1', '100');

    // 1 / 1.0512 x (1 - 0.25 %) = 0.94891552 (down); (100 - 1.00 fee) x 0.94891552 = 93.94 (down)
    expect(quote).toMatchObject({ exchange_rate: '0.94891552', target_amount: '93.94', fee: '1.00' });
    expect(withdrawal).toMatchObject({ status: 'PROCESSING', exchangeRate: '0.94891552', targetAmount: '93.94' });
  });

  it('waits as PROPOSED, reserving nothing, on a rate older than REFERENCE_RATES_MAX_AGE_H', async () => {
    published = { status: 200, body: dayFile('2026-11-20', '1.0400') };
    await fetchReferenceRates(deps);
    // Stored by an earlier test of this file, a later day would win: this test's clock decides instead.
    const stored = await getReferenceRates(deps.db);
    const payee = await givenLivePayee(0);
    now = new Date(Date.parse(`${stored?.date}T15:00:00.000Z`) + 97 * 3_600_000);

    const stale = await payee.withdraw('ecb-stale', '100');

    expect(stale).toMatchObject({ status: 'PROPOSED', exchangeRate: (await payee.rate()).exchange_rate });
    expect((await getBalance(deps.db, payee.organizationId, payee.customerId)).available).toBe(500_000_000n);

    now = new Date(Date.parse(`${stored?.date}T15:00:00.000Z`) + 95 * 3_600_000);
    expect(await payee.withdraw('ecb-fresh', '100')).toMatchObject({ status: 'PROCESSING' });
  });

  it('forwards USDC arriving on-chain at the ECB rate, and credits it instead while the rate is stale', async () => {
    published = { status: 200, body: dayFile('2026-11-24', '1.0512') };
    await fetchReferenceRates(deps);
    const stored = await getReferenceRates(deps.db);
    const payee = await givenLivePayee(0);
    const body = CreateBankBody.parse(eurBank({ beneficiaryName: 'Ada Lovelace' }));
    const bank = await createBank(deps, {
      ...body,
      organizationId: payee.organizationId,
      environment: 'live',
      customerId: payee.customerId,
      // Without a payee verifier a live bank's check is NOT_POSSIBLE; this organization proceeds rather than confirms.
      payeeWhenNotPossible: 'proceed',
    });
    const address = bank.wallets.find((wallet) => wallet.chain === 'base')?.address ?? '';
    const arrive = (amount: string) =>
      ingestInboundTransfer(deps, {
        chain: 'base',
        address,
        amount,
        txHash: `0x${randomBytes(32).toString('hex')}`,
        logIndex: 0,
      });
    const publishedAt = Date.parse(`${stored?.date}T15:00:00.000Z`);

    now = new Date(publishedAt + 3_600_000);
    const forwarded = await arrive('50');
    now = new Date(publishedAt + 97 * 3_600_000);
    const credited = await arrive('50');

    expect(bank.status).toBe('ACTIVE');
    expect(forwarded.transaction).toMatchObject({
      type: 'WITHDRAWAL',
      status: 'PROCESSING',
      exchangeRate: '0.95129375',
    });
    expect(credited.transaction).toMatchObject({ type: 'DEPOSIT', status: 'COMPLETED', targetAmount: '50.00' });
  });
});
