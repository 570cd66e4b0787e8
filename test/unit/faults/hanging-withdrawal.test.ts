import '#test/support/env.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '#shared/db/keys.ts';
import { OUTCOME_UNKNOWN } from '#shared/withdrawals/withdrawal-rules.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { FakeDynamoDb } from '#test/support/db/fake-dynamodb-server.ts';
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

describe('create withdrawal against a database that stops answering (real SDK client)', () => {
  const fake = new FakeDynamoDb();
  let handler: (event: ApiEvent, context: never) => Promise<ApiResult>;
  let authorization: string;
  let organizationId: string;
  let customerId: string;
  let bankId: string;
  let stderr: ReturnType<typeof captureStderr>;

  beforeAll(async () => {
    await fake.start();
    // The handler reads its configuration on first use: from here on its database is the fake one.
    process.env.DYNAMODB_ENDPOINT = fake.endpoint;
    ({ handler } = await import('#functions/api/withdrawals/create-withdrawal.ts'));
  });

  afterAll(() => fake.stop());

  beforeEach(() => {
    fake.mode = 'answer';
    fake.calls.length = 0;
    const organization = organizationItem();
    const apiKey = apiKeyFor();
    const customer = customerItem(organization.organizationId, { kycStatus: 'APPROVED' });
    const bank = bankItem(organization.organizationId, customer.customerId);
    const balance = { pk: bank.pk, sk: 'BALANCE', available: 500_000_000, locked: 0 };
    fake.put(organization, apiKeyItem(apiKey, organization.organizationId), customer, bank, balance);
    authorization = `Bearer ${apiKey}`;
    organizationId = organization.organizationId;
    customerId = customer.customerId;
    bankId = bank.bankId;
    stderr = captureStderr();
  });

  afterEach(() => stderr.restore());

  it('answers the 201 of a withdrawal whose transaction landed and whose answer never came, within 5 s', async () => {
    fake.mode = 'hang-transactions';
    const started = Date.now();

    const result = await invoke(handler, withdrawalEvent(authorization, customerId, bankId, 'hang-1'));

    expect(Date.now() - started).toBeLessThan(LOCAL_LIMIT_MS);
    expect(result.statusCode, result.body).toBe(201);
    const record = fake.get(keys.idempotencyRecord(organizationId, 'hang-1'));
    expect(bodyOf<{ id: string }>(result).id).toBe(record?.transactionId);
    expect(fake.calls.filter((call) => call === 'TransactWriteItems')).toHaveLength(1);
  });

  it('answers 503 to retry with the same key, within 5 s, when the database freezes at the write', async () => {
    fake.mode = 'freeze-at-transaction';
    const started = Date.now();

    const result = await invoke(handler, withdrawalEvent(authorization, customerId, bankId, 'frozen-1'));

    expect(Date.now() - started).toBeLessThan(LOCAL_LIMIT_MS);
    expect(result.statusCode, result.body).toBe(503);
    // The write was sent and never answered: it may yet land, so the answer does not say it failed.
    expect(bodyOf(result)).toEqual({ error: OUTCOME_UNKNOWN });
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(fake.get(keys.idempotencyRecord(organizationId, 'frozen-1'))).toBeUndefined();
  });

  it('answers 503 within 5 s when the database is frozen from the start', async () => {
    fake.mode = 'frozen';
    const started = Date.now();

    const result = await invoke(handler, withdrawalEvent(authorization, customerId, bankId, 'frozen-2'));

    expect(Date.now() - started).toBeLessThan(LOCAL_LIMIT_MS);
    expect(result.statusCode, result.body).toBe(503);
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(fake.calls).not.toContain('TransactWriteItems');
  });
});
