import '#test/support/env.ts';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createWithdrawal } from '#functions/api/withdrawals/create-withdrawal.ts';
import { currentDeadline } from '#shared/db/client.ts';
import { FAILED_TO_EXECUTE } from '#shared/withdrawals/withdrawal-rules.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Backoff, backoffOnATestClock } from '#test/support/db/backoff-clock.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import { apiEvent, bodyOf, headerOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * A create whose reservation loses to concurrent ones decides again on the item its guard returned (no second
 * read) and answers PROPOSED when the balance no longer covers it. One that cannot decide in time (conflicts until
 * the deadline, a database too slow to leave time for its write) answers 503 with Retry-After and makes nothing:
 * never PROPOSED, which would hold a payout the balance and allowance cover for a manual approval. The storms
 * themselves run against DynamoDB Local in test/integration/withdrawals-contention.test.ts.
 */
const ddb = mockDocumentClient();
let caller: Caller;
let customerId: string;
let bankId: string;
let stderr: ReturnType<typeof captureStderr>;
/** The customer, the bank and the balance, as the create's one read answers them. */
let funded: Record<string, unknown>[];

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  caller = givenCaller(ddb);
  const customer = customerItem(caller.organizationId, { kycStatus: 'APPROVED' });
  customerId = customer.customerId;
  const bank = bankItem(caller.organizationId, customerId);
  bankId = bank.bankId;
  // 100 USDC available as read: enough for the 10 USDC asked.
  const balance = { pk: customer.pk, sk: 'BALANCE', available: 100_000_000, locked: 0 };
  funded = [customer, bank, balance];
  ddb.on(BatchGetCommand).resolves({ Responses: { [TEST_TABLE]: funded } });
  stderr = captureStderr();
});

let backoff: Backoff | undefined;

afterEach(() => {
  stderr.restore();
  backoff?.restore();
  backoff = undefined;
});

const post = () =>
  invoke(
    createWithdrawal,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/withdrawal',
      rawPath: `/api/v2/customers/${customerId}/withdrawal`,
      pathParameters: { customerId },
      headers: { authorization: caller.authorization },
      body: jsonBody({ withdrawalBankId: bankId, sourceAmount: '10.00', idempotencyKey: 'storm-1' }),
    }),
  );

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;
const sent = () =>
  ddb.commandCalls(TransactWriteCommand).map((call) => (call.args[0].input.TransactItems ?? []) as Items);
const touchesBalance = (items: Items) => items.some((item) => item.Update?.Key?.sk === 'BALANCE');

/** A cancelled transaction: `Code` per item; the balance's reason carries the item as it stood (ALL_OLD). */
const lostOnBalance = (available: string) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [
      ...Array.from({ length: 5 }, () => ({ Code: 'None' })),
      { Code: 'ConditionalCheckFailed', Item: { available: { N: available }, locked: { N: '100000000' } } },
      { Code: 'None' },
      { Code: 'None' },
    ],
  });

describe('create withdrawal under contention', () => {
  it('decides PROPOSED on the balance its lost reservation returned, without reading again', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(lostOnBalance('0')).resolves({});

    const result = await post();

    expect(result.statusCode, result.body).toBe(201);
    expect(bodyOf<{ status: string }>(result).status).toBe('PROPOSED');
    const [first, second] = sent();
    expect(first && touchesBalance(first)).toBe(true);
    // The second decision reserves nothing, so no concurrent reservation can break it.
    expect(second?.map((item) => Object.keys(item)[0])).toEqual(['Put', 'Put', 'Put', 'Put', 'Put']);
    // The create's one batch read; the fresh balance came with the failed guard.
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
    const reservation = first?.find((item) => item.Update?.Key?.sk === 'BALANCE');
    expect(reservation?.Update?.ReturnValuesOnConditionCheckFailure).toBe('ALL_OLD');
  });

  it('reserves again when the returned balance still covers it (a credit came in between)', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(lostOnBalance('50000000')).resolves({});

    const result = await post();

    expect(result.statusCode, result.body).toBe(201);
    expect(bodyOf<{ status: string }>(result).status).toBe('PROCESSING');
    expect(sent().map(touchesBalance)).toEqual([true, true]);
  });

  it('answers 503 "failed" with Retry-After, never PROPOSED, when every reservation meets a conflict until the deadline', async () => {
    const conflict = () =>
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [
          ...Array.from({ length: 5 }, () => ({ Code: 'None' })),
          { Code: 'TransactionConflict' },
          { Code: 'None' },
          { Code: 'None' },
        ],
      });
    // Conflicts hit only writes that touch the hot balance; a PROPOSED write would touch items of its own.
    ddb
      .on(TransactWriteCommand)
      .callsFake((input: TransactWriteCommandInput) =>
        touchesBalance((input.TransactItems ?? []) as Items) ? Promise.reject(conflict()) : Promise.resolve({}),
      );

    backoff = backoffOnATestClock();
    const { pauses } = backoff;

    const result = await post();

    // 100 USDC cover the 10 asked: waiting for a manual approval is no answer to a crowd. Nothing was made.
    expect(result.statusCode, result.body).toBe(503);
    expect(bodyOf(result)).toEqual({ error: FAILED_TO_EXECUTE });
    expect(headerOf(result, 'retry-after')).toBe('1');
    const writes = sent();
    expect(writes.every(touchesBalance)).toBe(true);
    // A pause after each lost reservation, until the next would pass the deadline.
    expect(pauses).toHaveLength(writes.length - 1);
    const deadline = pauses[0]?.deadline ?? 0;
    const last = pauses.at(-1) ?? { at: 0, ms: 0 };
    expect(last.at + last.ms).toBeLessThan(deadline);
    expect(deadline - (last.at + last.ms)).toBeLessThan(500);
  });

  it('waits for the answer of a reservation past its own deadline: a lost guard then is 503 "failed", not "may have been made"', async () => {
    backoff = backoffOnATestClock();
    // The database answers the reservation in the reserve kept after the create's own deadline (half a second before
    // the request's, which the write runs under): it lost its guard.
    ddb.on(TransactWriteCommand).callsFake(async () => {
      vi.setSystemTime((currentDeadline() ?? Date.now()) - 500);
      throw lostOnBalance('0');
    });

    const result = await post();

    expect(result.statusCode, result.body).toBe(503);
    expect(bodyOf(result)).toEqual({ error: FAILED_TO_EXECUTE });
    expect(headerOf(result, 'retry-after')).toBe('1');
    // Too late to write the PROPOSED decision the returned balance calls for: nothing else was sent.
    expect(sent()).toHaveLength(1);
  });

  it('answers 503 "failed" with Retry-After, writing nothing, when its read took the time a write would need', async () => {
    backoff = backoffOnATestClock();
    // The read answers 300 ms before the deadline after taking seconds: a write sent now would likely be abandoned
    // at the deadline with its outcome unknown, and a PROPOSED one would hold a covered payout for an approval.
    ddb.on(BatchGetCommand).callsFake(async () => {
      vi.setSystemTime((currentDeadline() ?? Date.now()) - 300);
      return { Responses: { [TEST_TABLE]: funded } };
    });
    ddb.on(TransactWriteCommand).resolves({});

    const result = await post();

    expect(result.statusCode, result.body).toBe(503);
    expect(bodyOf(result)).toEqual({ error: FAILED_TO_EXECUTE });
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(sent()).toEqual([]);
  });
});
