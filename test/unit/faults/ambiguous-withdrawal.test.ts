import '#test/support/env.ts';
import { InternalServerError } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { TRUTH_POLL_MS, TRUTH_READ_RESERVE_MS } from '#shared/withdrawals/create-time.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { routes } from '#shared/withdrawals/routes.ts';
import { OUTCOME_UNKNOWN } from '#shared/withdrawals/withdrawal-rules.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Backoff, backoffOnATestClock } from '#test/support/db/backoff-clock.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import { apiEvent, bodyOf, headerOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * Attack run finding 2: with the database frozen under load, 4 of 50 creates answered 503 "Failed to execute
 * withdrawal" for withdrawals that had been created (and later completed): a client that believed the 503 and
 * retried with a new key paid twice. And the freeze took about 30 s to answer. After a failure whose outcome is
 * unknown, a create reads its idempotency record and answers the truth, within 5 s locally.
 */

const meta = { $metadata: {} };
/** Failures after which the transaction may have landed. */
const AMBIGUOUS: [string, () => Error][] = [
  ['a request timeout', () => Object.assign(new Error('timed out'), { name: 'TimeoutError', code: 'ETIMEDOUT' })],
  ['a reset connection', () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
  ['an internal server error', () => new InternalServerError({ message: 'internal', ...meta })],
  ['an abort at the deadline', () => Object.assign(new Error('Request aborted'), { name: 'AbortError' })],
];

const createHandler = (deps?: () => Deps) =>
  apiHandler(
    routes.createWithdrawal,
    async ({ deps: given, auth, params, body, event }) => {
      const { transaction, replayed } = await createWithdrawal(given, {
        organization: auth.organization,
        customerId: params.customerId,
        ...body,
        idempotencyKeyHeader: event.headers?.['idempotency-key'],
      });
      return replayed ? reply(transaction, { headers: { 'idempotent-replayed': 'true' } }) : transaction;
    },
    deps,
  );

const withdrawalEvent = (authorization: string, customerId: string, bankId: string, idempotencyKey: string) =>
  apiEvent({
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal',
    rawPath: `/api/v2/customers/${customerId}/withdrawal`,
    pathParameters: { customerId },
    headers: { authorization },
    body: jsonBody({ withdrawalBankId: bankId, sourceAmount: '100.00', idempotencyKey }),
  });

describe('create withdrawal after a failure whose outcome is unknown (counted calls)', () => {
  const ddb = mockDocumentClient();
  /** What the "database" holds: the transaction's Puts land even when its answer is lost. */
  let stored: Map<string, Record<string, unknown>>;
  let caller: Caller;
  let customerId: string;
  let bankId: string;
  let stderr: ReturnType<typeof captureStderr>;
  const idempotencyKey = 'ambiguous-1';
  const at = (key: { pk?: unknown; sk?: unknown }) => `${String(key.pk)}|${String(key.sk)}`;

  beforeEach(() => {
    ddb.reset();
    stored = new Map();
    ddb.on(GetCommand).callsFake((input) => ({ Item: stored.get(at(input.Key)) }));
    ddb.on(QueryCommand).resolves({ Items: [] });
    caller = givenCaller(ddb);
    const customer = customerItem(caller.organizationId, { kycStatus: 'APPROVED' });
    const bank = bankItem(caller.organizationId, customer.customerId);
    const balance = { pk: bank.pk, sk: 'BALANCE', available: 500_000_000, locked: 0 };
    ddb.on(BatchGetCommand).resolves({ Responses: { [TEST_TABLE]: [customer, bank, balance] } });
    customerId = customer.customerId;
    bankId = bank.bankId;
    stderr = captureStderr();
    // The pauses between reads of the truth on a clock of the test's own.
    backoff = backoffOnATestClock();
  });

  let backoff: Backoff;
  afterEach(() => {
    stderr.restore();
    backoff.restore();
  });

  /** The transaction lands, and its answer is lost to `error`. */
  const landsThenFails = (error: Error) =>
    ddb
      .on(TransactWriteCommand)
      .callsFake((input: { TransactItems: { Put?: { Item: Record<string, unknown> } }[] }) => {
        for (const item of input.TransactItems) if (item.Put) stored.set(at(item.Put.Item), item.Put.Item);
        throw error;
      });

  const truthReads = () =>
    ddb
      .commandCalls(GetCommand)
      .filter(
        (call) => call.args[0].input.Key?.pk === keys.idempotencyRecord(caller.organizationId, idempotencyKey).pk,
      );

  it.each(AMBIGUOUS)('answers 201 with the withdrawal that exists after %s', async (_, error) => {
    landsThenFails(error());

    const result = await invoke(
      createHandler(),
      withdrawalEvent(caller.authorization, customerId, bankId, idempotencyKey),
    );

    expect(result.statusCode, result.body).toBe(201);
    const transactionId = bodyOf<{ id: string }>(result).id;
    expect(stored.get(at(keys.idempotencyRecord(caller.organizationId, idempotencyKey)))).toMatchObject({
      transactionId,
    });
    // Its own write: the first answer its caller gets, not a replay.
    expect(headerOf(result, 'idempotent-replayed')).toBeUndefined();
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(truthReads()).toHaveLength(1);
    expect(truthReads()[0]?.args[0].input.ConsistentRead).toBe(true);
  });

  it.each(AMBIGUOUS)('answers 503 to retry with the same key when nothing landed after %s', async (_, error) => {
    ddb.on(TransactWriteCommand).rejects(error());

    const result = await invoke(
      createHandler(),
      withdrawalEvent(caller.authorization, customerId, bankId, idempotencyKey),
    );

    expect(result.statusCode, result.body).toBe(503);
    // Nothing found yet, but the write may still land: the answer says so, and never that it failed.
    expect(bodyOf(result)).toEqual({ error: OUTCOME_UNKNOWN });
    expect(OUTCOME_UNKNOWN).toContain('may have been made');
    expect(OUTCOME_UNKNOWN).toContain('Retry with the same idempotency key');
    expect(OUTCOME_UNKNOWN.toLowerCase()).not.toContain('fail');
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // Read again while the write may still land, for the truth read's reserve at most.
    const reads = truthReads();
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.length).toBeLessThanOrEqual(TRUTH_READ_RESERVE_MS / TRUTH_POLL_MS + 1);
    expect(reads.every((call) => call.args[0].input.ConsistentRead === true)).toBe(true);
    expect(backoff.pauses.every(({ ms }) => ms === TRUTH_POLL_MS)).toBe(true);
  });

  it('answers 201 with its withdrawal when the write it abandoned lands a moment later', async () => {
    const abandoned = ddb.on(TransactWriteCommand);
    let landing: { Put?: { Item: Record<string, unknown> } }[] = [];
    abandoned.callsFake((input: { TransactItems: { Put?: { Item: Record<string, unknown> } }[] }) => {
      landing = input.TransactItems;
      throw Object.assign(new Error('Request aborted'), { name: 'AbortError' });
    });
    // The database applies the abandoned write after the create has read the truth twice.
    const record = keys.idempotencyRecord(caller.organizationId, idempotencyKey);
    let reads = 0;
    ddb.on(GetCommand, { Key: record }).callsFake((input) => {
      if (++reads === 3) for (const item of landing) if (item.Put) stored.set(at(item.Put.Item), item.Put.Item);
      return { Item: stored.get(at(input.Key)) };
    });

    const result = await invoke(
      createHandler(),
      withdrawalEvent(caller.authorization, customerId, bankId, idempotencyKey),
    );

    expect(result.statusCode, result.body).toBe(201);
    expect(headerOf(result, 'idempotent-replayed')).toBeUndefined();
    expect(truthReads()).toHaveLength(3);
  });

  it('answers 503 when the read of the truth fails too', async () => {
    landsThenFails(AMBIGUOUS[0]?.[1]() ?? new Error());
    const record = keys.idempotencyRecord(caller.organizationId, idempotencyKey);
    ddb.on(GetCommand, { Key: record }).rejects(new InternalServerError({ message: 'internal', ...meta }));

    const result = await invoke(
      createHandler(),
      withdrawalEvent(caller.authorization, customerId, bankId, idempotencyKey),
    );

    expect(result.statusCode, result.body).toBe(503);
    expect(bodyOf(result)).toEqual({ error: OUTCOME_UNKNOWN });
    expect(truthReads()).toHaveLength(1);
  });
});
