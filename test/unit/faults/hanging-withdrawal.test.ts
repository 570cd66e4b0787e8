import '#test/support/env.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#shared/db/keys.ts';
import { OUTCOME_UNKNOWN } from '#shared/withdrawals/withdrawal-rules.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { FakeDynamoDb, type FakeMode } from '#test/support/db/fake-dynamodb-server.ts';
import {
  type ApiEvent,
  type ApiResult,
  apiEvent,
  bodyOf,
  headerOf,
  invoke,
  jsonBody,
} from '#test/support/http/api-event.ts';
import { apiKeyFor, apiKeyItem, organizationItem } from '#test/support/organizations/organization-items.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * Attack run finding 2, with the real handler and the real SDK client (its attempt timeouts, retries and the
 * request's deadline) against a database that takes a transaction and never answers, or freezes: the answer is
 * the truth, and it comes within 5 s (the freeze took about 30 s to answer before).
 */
const LOCAL_LIMIT_MS = 5_000;

const withdrawalEvent = (authorization: string, customerId: string, bankId: string, idempotencyKey: string) =>
  apiEvent({
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal',
    rawPath: `/api/v2/customers/${customerId}/withdrawal`,
    pathParameters: { customerId },
    headers: { authorization },
    body: jsonBody({ withdrawalBankId: bankId, sourceAmount: '100.00', idempotencyKey }),
  });

/**
 * The three cases wait out the request's deadline at the same time: each has its own organization, key, customer
 * and bank, and the fake database stops answering only the calls that name them (`FakeDynamoDb.tenant`).
 */
describe.concurrent('create withdrawal against a database that stops answering (real SDK client)', () => {
  const fake = new FakeDynamoDb();
  let handler: (event: ApiEvent, context: never) => Promise<ApiResult>;
  let stderr: ReturnType<typeof captureStderr>;

  beforeAll(async () => {
    await fake.start();
    // The handler reads its configuration on first use: from here on its database is the fake one.
    process.env.DYNAMODB_ENDPOINT = fake.endpoint;
    ({ handler } = await import('#functions/api/withdrawals/create-withdrawal.ts'));
    stderr = captureStderr();
  });

  afterAll(async () => {
    stderr.restore();
    await fake.stop();
    // Every call named one case's items, so each case's mode and count are its own.
    expect(fake.calls).toEqual([]);
  });

  /** A funded, KYC-approved customer with a bank, whose calls get `mode`. */
  function given(mode: FakeMode) {
    const organization = organizationItem();
    const apiKey = apiKeyFor();
    const key = apiKeyItem(apiKey, organization.organizationId);
    const customer = customerItem(organization.organizationId, { kycStatus: 'APPROVED' });
    const bank = bankItem(organization.organizationId, customer.customerId);
    const balance = { pk: bank.pk, sk: 'BALANCE', available: 500_000_000, locked: 0 };
    fake.put(organization, key, customer, bank, balance);
    const { organizationId } = organization;
    const { calls } = fake.tenant([organizationId, key.keyHash, key.apiKeyId, customer.customerId, bank.bankId], mode);
    const create = (idempotencyKey: string) =>
      invoke(handler, withdrawalEvent(`Bearer ${apiKey}`, customer.customerId, bank.bankId, idempotencyKey));
    return { organizationId, calls, create };
  }

  it('answers the 201 of a withdrawal whose transaction landed and whose answer never came, within 5 s', async () => {
    const { organizationId, calls, create } = given('hang-transactions');
    const started = Date.now();

    const result = await create('hang-1');

    expect(Date.now() - started).toBeLessThan(LOCAL_LIMIT_MS);
    expect(result.statusCode, result.body).toBe(201);
    const record = fake.get(keys.idempotencyRecord(organizationId, 'hang-1'));
    expect(bodyOf<{ id: string }>(result).id).toBe(record?.transactionId);
    expect(calls.filter((call) => call === 'TransactWriteItems')).toHaveLength(1);
  });

  it('answers 503 to retry with the same key, within 5 s, when the database freezes at the write', async () => {
    const { organizationId, create } = given('freeze-at-transaction');
    const started = Date.now();

    const result = await create('frozen-1');

    expect(Date.now() - started).toBeLessThan(LOCAL_LIMIT_MS);
    expect(result.statusCode, result.body).toBe(503);
    // The write was sent and never answered: it may yet land, so the answer does not say it failed.
    expect(bodyOf(result)).toEqual({ error: OUTCOME_UNKNOWN });
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(fake.get(keys.idempotencyRecord(organizationId, 'frozen-1'))).toBeUndefined();
  });

  it('answers 503 within 5 s when the database is frozen from the start', async () => {
    const { calls, create } = given('frozen');
    const started = Date.now();

    const result = await create('frozen-2');

    expect(Date.now() - started).toBeLessThan(LOCAL_LIMIT_MS);
    expect(result.statusCode, result.body).toBe(503);
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(calls).not.toContain('TransactWriteItems');
  });
});
