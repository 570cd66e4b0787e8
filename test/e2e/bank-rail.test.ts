import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { bookedReport, rejectedReport } from '#test/support/rails/bank-channel.ts';

type Transaction = {
  id: string;
  reference: string;
  status: string;
  failureReason: string | null;
  targetAmount: string;
  targetCurrency: string;
};

/**
 * The bank rail on `npm start` with the sandbox bank silent (`SANDBOX_SETTLE_AFTER_S=off`): reports are dropped
 * into `DATA_DIR/bank/inbox/` by hand, as an operator would with a real bank's files.
 */
describe('bank payout rail on npm start: outbox, inbox, quarantine', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-bank-'));
  const bankDir = join(dataDir, 'bank');
  let runtime: Runtime;
  let key: string;
  let customerId: string;
  let bankId: string;

  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });

  /** Polls `probe` until it has a value; a minute, as the batcher's and reader's rounds slow down on busy cores. */
  async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out; npm start said:\n${runtime.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The sandbox organization's outbox: files lie under their environment's and organization's prefix. */
  const outbox = () => join('sandbox', runtime.localJson().organizationId, 'outbox');
  const files = (place: string) => (existsSync(join(bankDir, place)) ? readdirSync(join(bankDir, place)) : []);
  const fileWith = (reference: string) =>
    files(outbox()).find((name) => readFileSync(join(bankDir, outbox(), name), 'utf8').includes(reference));
  const transaction = async (id: string) =>
    (await api<Transaction>('GET', `/customers/${customerId}/transactions/${id}`)).body;
  const withStatus = (id: string, status: string) =>
    until(async () => {
      const current = await transaction(id);
      return current.status === status ? current : undefined;
    });
  const drop = (name: string, xml: string) => writeFileSync(join(bankDir, 'inbox', name), xml);
  const withdraw = async (idempotencyKey: string) =>
    (
      await api<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
        withdrawalBankId: bankId,
        idempotencyKey,
        sourceAmount: '20',
      })
    ).body;

  beforeAll(async () => {
    // No local chain: nothing here is on one, and its node, mining a block a second, and its watchers would load
    // the cores the other test file running meanwhile needs.
    runtime = await startRuntime(dataDir, { SANDBOX_SETTLE_AFTER_S: 'off', LOCAL_CHAIN: 'off' });
    const local = runtime.localJson();
    key = local.apiKey;
    const customer = await runtime.given<{ customerId: string }>(
      'create customer',
      'POST',
      '/customers',
      { key, body: { name: 'Zoë Ærø', accountType: 'individual', email: 'zoe@example.com' } },
      201,
    );
    customerId = customer.body.customerId;
    await runtime.given('approve KYC', 'POST', `/sandbox/customers/${customerId}/kyc/approve`, { key }, 200);
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: local.dynamodbEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
    );
    const bank = bankItem(local.organizationId, customerId, { beneficiaryName: 'Zoë Ærø' });
    bankId = bank.bankId;
    await client.send(new PutCommand({ TableName: local.tableName, Item: bank }));
    client.destroy();
    const credit = { key, body: { amount: '100' } };
    await runtime.given('credit', 'POST', `/sandbox/customers/${customerId}/balance`, credit, 201);
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('withdrawal -> pain.001 in the outbox -> camt.054 in the inbox -> COMPLETED; the same report again changes nothing', async () => {
    const created = await withdraw('bank-1');
    const file = await until(() => fileWith(created.reference));
    const xml = readFileSync(join(bankDir, outbox(), file), 'utf8');

    expect(xml).toContain('<Nm>Zoe AEro</Nm>');
    expect(xml).toContain(`<EndToEndId>${created.reference}</EndToEndId>`);
    drop('booked-1.xml', bookedReport([created]));
    const completed = await withStatus(created.id, 'COMPLETED');
    drop('booked-1-again.xml', bookedReport([created]));
    await until(() => (files('processed').includes('booked-1-again.xml') ? true : undefined));

    expect(completed.status).toBe('COMPLETED');
    expect((await transaction(created.id)).status).toBe('COMPLETED');
    expect(files('quarantine')).toEqual([]);
  });

  it('a rejection -> FAILED with the reason and the balance restored', async () => {
    const created = await withdraw('bank-2');
    const file = await until(() => fileWith(created.reference));
    drop('rejected-2.xml', rejectedReport([created.reference], file.replace(/\.xml$/, '')));

    const failed = await withStatus(created.id, 'FAILED');

    expect(failed.failureReason).toBe('AC04: Account closed');
    expect((await api('GET', `/customers/${customerId}/balance`)).body).toMatchObject({
      balance: '80.00',
      lockedBalance: '0.00',
    });
  });

  it('quarantines a malformed report and a booking after FAILED, with the error beside each', async () => {
    const [failedOne] = (await api<Transaction[]>('GET', `/customers/${customerId}/transactions?status=FAILED`)).body;
    drop('garbage.xml', '<Document><BkToCstmrDbtCdtNtfctn>');
    drop('late.xml', bookedReport([failedOne as Transaction]));

    await until(() => (files('quarantine').filter((n) => n.endsWith('.error.txt')).length === 2 ? true : undefined));

    expect(readFileSync(join(bankDir, 'quarantine', 'garbage.xml.error.txt'), 'utf8')).toMatch(/^Malformed report/);
    expect(readFileSync(join(bankDir, 'quarantine', 'late.xml.error.txt'), 'utf8')).toContain(
      'was booked by the bank but is FAILED',
    );
    expect((await transaction(failedOne?.id ?? '')).status).toBe('FAILED');
  });

  it('a return through the sandbox route fails the COMPLETED payout with the USDC back, once', async () => {
    const created = await withdraw('bank-4');
    await until(() => fileWith(created.reference));
    drop('booked-4.xml', bookedReport([created]));
    await withStatus(created.id, 'COMPLETED');
    const before = (await api<{ balance: string }>('GET', `/customers/${customerId}/balance`)).body.balance;

    const returned = await api<Transaction>('POST', `/sandbox/transactions/${created.id}/return`, {
      reasonCode: 'AC04',
    });
    const again = await api<{ error: string }>('POST', `/sandbox/transactions/${created.id}/return`, {
      reasonCode: 'AC04',
    });
    const after = (await api<{ balance: string }>('GET', `/customers/${customerId}/balance`)).body.balance;

    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, AC04: Account closed',
    });
    expect(again.status).toBe(409);
    expect(new Decimal(after).minus(before).toFixed(2)).toBe('20.00');
  });
});
