import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPORARY } from '#shared/rails/bank/channel.ts';
import { admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

type Transaction = {
  id: string;
  reference: string;
  status: string;
  failureReason: string | null;
  sourceAmount: string;
  targetAmount: string;
  targetCurrency: string;
  requestedPaymentRail: string | null;
  settlementRail: string | null;
  railFallbackReason: string | null;
  expectedSettlementAt: string | null;
};
type Bank = { id: string; status: string };

/** Per test: a file and a settlement to wait for (each up to `until`'s two minutes), then the returns. */
const RAIL_TEST_TIMEOUT = 300_000;

/**
 * Every rail on `npm start`: each rail's payout reaches its file in `DATA_DIR/bank/sandbox/<organizationId>/outbox/` and settles
 * through the sandbox bank by itself (`SANDBOX_SETTLE_AFTER_S`: 1 s here, 3 s by default); the sandbox return route
 * fails a COMPLETED payout once, sending what the rail's bank would (a NACHA return file for ACH, a camt.054
 * otherwise).
 */
describe('payout rails on npm start: SWIFT, SEPA Instant, ACH and Fedwire settle by themselves; returns once', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-rails-'));
  const bankDir = join(dataDir, 'bank');
  let runtime: Runtime;
  let key: string;
  let customerId: string;

  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });

  /** Polls `probe` until it has a value: two minutes, as the batcher's and the sandbox bank's rounds slow down on busy cores. */
  async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; npm start said:\n${runtime.output().slice(-3000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The sandbox organization's outbox: files lie under their environment's and organization's prefix. */
  const outbox = () => join('sandbox', runtime.localJson().organizationId, 'outbox');
  // A file the runtime is still writing has a temporary name (its bytes may be partial): not yet in the folder.
  const files = (place: string) =>
    existsSync(join(bankDir, place))
      ? readdirSync(join(bankDir, place)).filter((name) => !name.startsWith(TEMPORARY))
      : [];
  const read = (place: string, name: string) => readFileSync(join(bankDir, place, name), 'utf8');
  /** The outbox file that pays `reference` (its end-to-end id in a pain.001, its identification number in NACHA). */
  const fileOf = (transaction: Transaction) =>
    until(`the file of ${transaction.reference}`, () => {
      const name = files(outbox()).find((file) => read(outbox(), file).includes(transaction.reference));
      return name ? { name, body: read(outbox(), name) } : undefined;
    });
  const transaction = async (id: string) =>
    (await api<Transaction>('GET', `/customers/${customerId}/transactions/${id}`)).body;
  const settled = (created: Transaction) =>
    until(`${created.reference} to be COMPLETED`, async () => {
      const current = await transaction(created.id);
      if (current.status === 'FAILED') throw new Error(`${created.reference} FAILED: ${current.failureReason}`);
      return current.status === 'COMPLETED' ? current : undefined;
    });
  const balance = async () => (await api<{ balance: string }>('GET', `/customers/${customerId}/balance`)).body.balance;

  /** A bank of the customer, made ACTIVE (SWIFT banks are created PENDING for review). */
  async function bank(body: object): Promise<string> {
    const created = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Ada Lovelace',
      ...body,
    });
    expect(created.status).toBe(201);
    if (created.body.status === 'PENDING') {
      const approved = await api<Bank>(
        'POST',
        `/sandbox/customers/${customerId}/withdrawal/banks/${created.body.id}/approve`,
      );
      expect(approved.body.status).toBe('ACTIVE');
    }
    return created.body.id;
  }
  async function withdraw(withdrawalBankId: string, idempotencyKey: string, extra: object = {}) {
    const created = await api<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
      withdrawalBankId,
      idempotencyKey,
      sourceAmount: '20',
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body;
  }
  /** Returns a COMPLETED payout through the sandbox route, twice: the first fails it with the USDC back, the second is 409. */
  async function returnTwice(payout: Transaction, reasonCode: string) {
    const before = await balance();
    const returned = await api<Transaction>('POST', `/sandbox/transactions/${payout.id}/return`, { reasonCode });
    const again = await api<{ error: string }>('POST', `/sandbox/transactions/${payout.id}/return`, { reasonCode });
    const after = await balance();
    expect(returned.status).toBe(200);
    expect(returned.body.status).toBe('FAILED');
    expect(again.status).toBe(409);
    expect(new Decimal(after).minus(before).toFixed(2)).toBe(new Decimal(payout.sourceAmount).toFixed(2));
    expect((await transaction(payout.id)).status).toBe('FAILED');
    return returned.body;
  }
  /** The report the sandbox return route put through the inbox for `payout` (applied: in `processed/`). */
  const returnReport = (payout: Transaction) => {
    const name = files('processed').find(
      (file) => file.startsWith(`sandbox-${payout.id}-`) && file.includes('.return.'),
    );
    if (!name) throw new Error(`no return report of ${payout.id} in processed/: ${files('processed').join(', ')}`);
    return { name, body: read('processed', name) };
  };

  beforeAll(async () => {
    // Settled a second after the file rather than three: the tests wait for each settlement in turn.
    // No local chain: nothing here is on one, and its node, mining a block a second, and its watchers would load
    // the cores the other test file running meanwhile needs.
    runtime = await startRuntime(dataDir, { SANDBOX_SETTLE_AFTER_S: '1', LOCAL_CHAIN: 'off' });
    key = runtime.localJson().apiKey;
    const customer = await runtime.given<{ customerId: string }>(
      'create customer',
      'POST',
      '/customers',
      { key, body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' } },
      201,
    );
    customerId = customer.body.customerId;
    await runtime.given('approve KYC', 'POST', `/sandbox/customers/${customerId}/kyc/approve`, { key }, 200);
    const credit = { key, body: { amount: '500' } };
    await runtime.given('credit', 'POST', `/sandbox/customers/${customerId}/balance`, credit, 201);
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "SWIFT, in Compose's body with the IBAN in accountNumber: a pain.001 by BIC with a structured address, COMPLETED",
    async () => {
      const bankId = await bank({
        currency: 'USD',
        paymentRail: 'SWIFT',
        accountNumber: 'AE070331234567890123456',
        bic: 'EBILAEADXXX',
        bankName: 'Emirates NBD Bank PJSC',
        bankAddress: 'Baniyas Road, Deira, Dubai',
        bankCountry: 'AE',
      });
      const created = await withdraw(bankId, 'swift-1');

      const file = await fileOf(created);
      const xml = file.body.replace(/>\s+</g, '><');

      expect(file.name).toMatch(/\.xml$/);
      expect(xml).toContain('<SvcLvl><Cd>NURG</Cd></SvcLvl>');
      expect(xml).toContain('<CdtrAgt><FinInstnId><BICFI>EBILAEADXXX</BICFI></FinInstnId></CdtrAgt>');
      expect(xml).toContain('<CdtrAcct><Id><IBAN>AE070331234567890123456</IBAN></Id></CdtrAcct>');
      expect(xml).toContain(
        '<Cdtr><Nm>Ada Lovelace</Nm><PstlAdr><StrtNm>Friedrichstrasse</StrtNm><BldgNb>123</BldgNb>',
      );
      expect(xml).toContain(`<InstdAmt Ccy="USD">${created.targetAmount}</InstdAmt>`);
      // A rail is asked for only by `instant`; otherwise the bank's rail decides.
      expect(await settled(created)).toMatchObject({ settlementRail: 'SWIFT', requestedPaymentRail: null });
    },
    RAIL_TEST_TIMEOUT,
  );

  it(
    'SEPA Instant when asked for, and a NOIN bank falls back to SEPA saying why: both COMPLETED',
    async () => {
      const reachable = await bank({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
      const unreachable = await bank({ iban: 'DE02120300000000202051', bic: 'NOINDEFFXXX' });
      const instant = await withdraw(reachable, 'instant-1', { instant: true });
      const fallback = await withdraw(unreachable, 'noin-1', { instant: true });

      const [instantFile, fallbackFile] = await Promise.all([fileOf(instant), fileOf(fallback)]);

      expect(instantFile.body.replace(/>\s+</g, '><')).toContain('<LclInstrm><Cd>INST</Cd></LclInstrm>');
      expect(fallbackFile.name).not.toBe(instantFile.name);
      expect(fallbackFile.body).not.toContain('INST');
      expect(await settled(instant)).toMatchObject({
        requestedPaymentRail: 'SEPA_INSTANT',
        settlementRail: 'SEPA_INSTANT',
        railFallbackReason: null,
      });
      expect(await settled(fallback)).toMatchObject({
        requestedPaymentRail: 'SEPA_INSTANT',
        settlementRail: 'SEPA',
        railFallbackReason: 'The receiving bank is not reachable by SEPA Instant',
      });
    },
    RAIL_TEST_TIMEOUT,
  );

  it(
    'ACH (the sandbox USD account): a NACHA file, COMPLETED; a return travels as a NACHA return file, once',
    async () => {
      const bankId = await bank({ currency: 'USD', accountNumber: '000123456789', routingNumber: '021000021' });
      const created = await withdraw(bankId, 'ach-1');

      const file = await fileOf(created);
      // Every record 94 characters, cut by NACHA's published positions (parseNacha throws on any other length).
      const records = parseNacha(file.body);

      expect(file.name).toMatch(/\.ach$/);
      expect(records.find((record) => record.type === '5')?.fields.standardEntryClassCode).toBe('PPD');
      const completed = await settled(created);
      expect(completed.settlementRail).toBe('ACH');

      const returned = await returnTwice(completed, 'R03');

      expect(returned.failureReason).toBe(
        'Returned by the bank after booking, R03: No account, or unable to locate the account',
      );
      const report = returnReport(completed);
      expect(report.name).toMatch(/\.return\.ach$/);
      const returnRecords = parseNacha(report.body);
      const entry = returnRecords.find((record) => record.type === '6');
      const addenda = returnRecords.find((record) => record.type === '7');
      expect(entry?.fields.individualIdentificationNumber?.trim()).toBe(completed.reference);
      expect(addenda?.fields.addendaTypeCode).toBe('99');
      // The return reason code is the addenda 99's positions 4-6, read by the return addenda's layout.
      expect(addenda?.fields.returnReasonCode).toBe('R03');
    },
    RAIL_TEST_TIMEOUT,
  );

  it(
    'Fedwire, once the admin CLI sets the USD payout account to it: a pain.001 with URGP, COMPLETED; a camt.054 return, once',
    async () => {
      await admin(
        dataDir,
        'org',
        'update',
        runtime.localJson().organizationId,
        '--payout-accounts',
        JSON.stringify({
          USD: {
            name: 'Sandbox payouts',
            accountNumber: '000123456789',
            routingNumber: '021000021',
            domesticRail: 'FEDWIRE',
            address: { street: 'Wall Street', buildingNumber: '1', postCode: '10005', town: 'New York', country: 'US' },
          },
        }),
      );
      const bankId = await bank({ currency: 'USD', accountNumber: '000987654321', routingNumber: '026009593' });
      const created = await withdraw(bankId, 'fedwire-1');

      const file = await fileOf(created);
      const xml = file.body.replace(/>\s+</g, '><');

      expect(file.name).toMatch(/\.xml$/);
      expect(xml).toContain('<SvcLvl><Cd>URGP</Cd></SvcLvl>');
      expect(xml).toContain('<Dbtr><Nm>Sandbox payouts</Nm><PstlAdr><StrtNm>Wall Street</StrtNm><BldgNb>1</BldgNb>');
      expect(xml).toContain('<ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>026009593</MmbId>');
      const completed = await settled(created);
      expect(completed.settlementRail).toBe('FEDWIRE');

      const returned = await returnTwice(completed, 'AC04');

      expect(returned.failureReason).toBe('Returned by the bank after booking, AC04: Account closed');
      const report = returnReport(completed);
      expect(report.name).toMatch(/\.return\.camt054\.xml$/);
      expect(report.body.replace(/>\s+</g, '><')).toContain('<RtrInf><Rsn><Cd>AC04</Cd></Rsn>');
    },
    RAIL_TEST_TIMEOUT,
  );
});
