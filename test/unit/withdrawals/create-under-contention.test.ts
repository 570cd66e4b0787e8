import '#test/support/env.ts';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as createWithdrawal } from '#functions/api/withdrawals/create-withdrawal.ts';
import { PROPOSAL_RESERVE_MS } from '#shared/withdrawals/create-withdrawal.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Backoff, backoffOnATestClock } from '#test/support/db/backoff-clock.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * A create whose reservation loses to concurrent ones decides again on the item its guard returned
 * (no second read) and answers PROPOSED; one that keeps meeting DynamoDB's conflicts ends PROPOSED, never 503.
 * The storms themselves run against DynamoDB Local in test/integration/withdrawals-contention.test.ts.
 */
const ddb = mockDocumentClient();
let caller: Caller;
let customerId: string;
let bankId: string;
let stderr: ReturnType<typeof captureStderr>;

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
  ddb.on(BatchGetCommand).resolves({ Responses: { [TEST_TABLE]: [customer, bank, balance] } });
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

  it('ends PROPOSED, not 503, when every reservation meets a conflicting transaction', async () => {
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
    // Conflicts hit only writes that touch the hot balance; a PROPOSED write touches items of its own.
    ddb
      .on(TransactWriteCommand)
      .callsFake((input: TransactWriteCommandInput) =>
        touchesBalance((input.TransactItems ?? []) as Items) ? Promise.reject(conflict()) : Promise.resolve({}),
      );

    backoff = backoffOnATestClock();
    const { pauses } = backoff;

    const result = await post();

    expect(result.statusCode, result.body).toBe(201);
    expect(bodyOf<{ status: string }>(result).status).toBe('PROPOSED');
    const writes = sent();
    expect(writes.slice(0, -1).every(touchesBalance)).toBe(true);
    expect(touchesBalance(writes.at(-1) ?? [])).toBe(false);
    // A pause after each lost reservation, until the time left came down to the reserve kept for the PROPOSED write.
    expect(pauses).toHaveLength(writes.length - 1);
    const deadline = pauses[0]?.deadline ?? 0;
    const last = pauses.at(-1) ?? { at: 0, ms: 0 };
    expect(deadline - last.at).toBeGreaterThan(PROPOSAL_RESERVE_MS);
    expect(deadline - (last.at + last.ms)).toBeLessThanOrEqual(PROPOSAL_RESERVE_MS);
  });
});
