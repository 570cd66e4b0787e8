import '#test/support/env.ts';
import { ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  GetCommand,
  NumberValue,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createWithdrawal } from '#functions/api/withdrawals/create-withdrawal.ts';
import { FAILED_TO_EXECUTE } from '#shared/withdrawals/withdrawal-rules.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import {
  type Caller,
  givenCaller,
  mockDocumentClient,
  withoutRateLimits,
} from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import { apiEvent, bodyOf, headerOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import type { OrganizationOverrides } from '#test/support/organizations/organization-items.ts';
import { captureStderr } from '#test/support/output.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const ddb = mockDocumentClient();
let caller: Caller;
let customerId: string;
let bankId: string;
let stderr: ReturnType<typeof captureStderr>;

/** The caller's organization with an approved customer, an ACTIVE bank and a balance (micro-USDC). */
function given(options: OrganizationOverrides & { available?: bigint } = {}) {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  caller = givenCaller(ddb, options);
  const customer = customerItem(caller.organizationId, { kycStatus: 'APPROVED' });
  customerId = customer.customerId;
  const bank = bankItem(caller.organizationId, customerId);
  bankId = bank.bankId;
  const balance = { pk: customer.pk, sk: 'BALANCE', available: Number(options.available ?? 0n), locked: 0 };
  ddb.on(BatchGetCommand).resolves({ Responses: { [TEST_TABLE]: [customer, bank, balance] } });
}

beforeEach(() => {
  given({ available: 500_000_000n });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  stderr = captureStderr();
});

afterEach(() => {
  vi.useRealTimers();
  stderr.restore();
});

const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  invoke(
    createWithdrawal,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/withdrawal',
      rawPath: `/api/v2/customers/${customerId}/withdrawal`,
      pathParameters: { customerId },
      headers: { authorization: caller.authorization, ...headers },
      body: jsonBody({ withdrawalBankId: bankId, ...body }),
    }),
  );

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;
const transactItems = (call = 0): Items =>
  (ddb.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? []) as Items;

/** The two strongly consistent GetItems of authentication (API key, organization). */
const AUTH_READS = 2;

describe('create withdrawal: database calls', () => {
  it('costs one TransactWriteItems and one read (a batch with the customer and the bank), besides the two of authentication', async () => {
    const result = await post({ idempotencyKey: 'count-me', sourceAmount: '100' });

    expect(result.statusCode).toBe(201);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const reads = ddb.commandCalls(GetCommand).length - AUTH_READS + ddb.commandCalls(BatchGetCommand).length;
    expect(reads).toBe(1);
    expect(withoutRateLimits(ddb.calls())).toHaveLength(AUTH_READS + 1 + 1);
    const [batch] = ddb.commandCalls(BatchGetCommand);
    expect(batch?.args[0].input.RequestItems?.[TEST_TABLE]).toMatchObject({ ConsistentRead: true });
    expect(batch?.args[0].input.RequestItems?.[TEST_TABLE]?.Keys).toEqual([
      { pk: `ORG#${caller.organizationId}#CUSTOMER#${customerId}`, sk: 'CUSTOMER' },
      { pk: `ORG#${caller.organizationId}#CUSTOMER#${customerId}`, sk: `BANK#${bankId}` },
      { pk: `ORG#${caller.organizationId}#CUSTOMER#${customerId}`, sk: 'BALANCE' },
      { pk: `ORG#${caller.organizationId}`, sk: 'ALLOWANCE' },
      { pk: `ORG#${caller.organizationId}#IDEMPOTENCY#count-me`, sk: 'IDEMPOTENCY' },
      { pk: `ORG#${caller.organizationId}`, sk: 'SANDBOX' },
    ]);
  });

  it('reads nothing beyond authentication for a malformed request', async () => {
    for (const body of [
      { idempotencyKey: 'k' },
      { idempotencyKey: 'k', sourceAmount: '1', targetAmount: '1' },
      { sourceAmount: '10' },
      { idempotencyKey: 'k', sourceAmount: 10 },
      { idempotencyKey: 'x'.repeat(256), sourceAmount: '10' },
      { idempotencyKey: 'k', sourceAmount: '10', withdrawalBankId: 'not-a-uuid' },
    ]) {
      ddb.resetHistory();
      const result = await post(body);
      expect(result.statusCode).toBe(400);
      expect(withoutRateLimits(ddb.calls())).toHaveLength(AUTH_READS);
    }
    ddb.resetHistory();
    const clash = await post({ idempotencyKey: 'a', sourceAmount: '10' }, { 'idempotency-key': 'b' });
    expect(bodyOf(clash)).toEqual({ error: 'idempotencyKey: Does not match the Idempotency-Key header' });
    expect(withoutRateLimits(ddb.calls())).toHaveLength(AUTH_READS);
  });

  it('reads nothing beyond authentication when API withdrawals are off', async () => {
    given({ features: { apiWithdrawals: false } });

    const result = await post({ idempotencyKey: 'k', sourceAmount: '10' });

    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toEqual({ error: 'API withdrawals are not enabled for your organization' });
    expect(withoutRateLimits(ddb.calls())).toHaveLength(AUTH_READS);
  });
});

describe('create withdrawal: the one transaction', () => {
  it('writes the transaction, pointer, reference, idempotency record, event and both reservations, each guarded', async () => {
    const result = await post({ idempotencyKey: 'order-1', sourceAmount: '100' });
    const { id, reference } = bodyOf<{ id: string; reference: string }>(result);
    const org = caller.organizationId;
    const partition = `ORG#${org}#CUSTOMER#${customerId}`;

    const items = transactItems();
    expect(items.map((item) => Object.keys(item)[0])).toEqual([
      'Put',
      'Put',
      'Put',
      'Put',
      'Put',
      'Update',
      'Update',
      'ConditionCheck',
    ]);
    const [transaction, pointer, referenceItem, idempotency, event, balance, allowance, config] = items;
    expect(transaction?.Put).toMatchObject({
      TableName: TEST_TABLE,
      Item: {
        pk: partition,
        sk: `TX#${id}`,
        gsi1pk: `${partition}#TXS`,
        gsi1sk: `${NOW}#${id}`,
        status: 'PROCESSING',
        version: 1,
        reservation: { balance: true, allowancePeriodStart: NOW },
        settleDueAt: '2026-11-21T10:00:03.000Z',
        gsi2pk: expect.stringMatching(/^TIMER#BATCH#[0-3]$/),
        gsi2sk: `2026-11-21T10:00:00.000Z#${id}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(pointer?.Put).toMatchObject({
      Item: { pk: `ORG#${org}#TX#${id}`, sk: 'TXPOINTER', gsi1pk: `TXPOINTER#${id}`, customerId },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(referenceItem?.Put).toMatchObject({
      Item: { pk: `TXREFERENCE#${reference}`, sk: 'TXREFERENCE', transactionId: id },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(idempotency?.Put).toMatchObject({
      Item: {
        pk: `ORG#${org}#IDEMPOTENCY#order-1`,
        sk: 'IDEMPOTENCY',
        transactionId: id,
        requestHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(event?.Put?.Item).toMatchObject({
      envelope: {
        event_type: 'withdrawal.created',
        org_id: org,
        data: { transaction_id: id, customer_id: customerId, status: 'PROCESSING' },
      },
    });
    expect(balance?.Update).toMatchObject({
      Key: { pk: partition, sk: 'BALANCE' },
      UpdateExpression: expect.stringMatching(/^ADD available :available, locked :locked /),
      ConditionExpression: 'available >= :amount',
    });
    expect(allowance?.Update).toMatchObject({
      Key: { pk: `ORG#${org}`, sk: 'ALLOWANCE' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(config?.ConditionCheck).toMatchObject({
      Key: { pk: `ORG#${org}`, sk: 'ORG' },
      ExpressionAttributeValues: { ':limit': '10000.00', ':period': 1440 },
    });
  });

  it('passes every ledger amount as an integer micro-USDC NumberValue, never a JS number', async () => {
    await post({ idempotencyKey: 'exact', sourceAmount: '100.000001' });

    const [, , , , , balance, allowance] = transactItems();
    const values = { ...balance?.Update?.ExpressionAttributeValues, ...allowance?.Update?.ExpressionAttributeValues };
    const amounts = Object.entries(values).filter(([name]) =>
      [':available', ':locked', ':amount', ':maxSpentBefore'].includes(name),
    );
    expect(amounts.length).toBeGreaterThan(0);
    for (const [, value] of amounts) expect(value).toBeInstanceOf(NumberValue);
    expect(String(balance?.Update?.ExpressionAttributeValues?.[':amount'])).toBe('100000001');
    expect(String(balance?.Update?.ExpressionAttributeValues?.[':available'])).toBe('-100000001');
  });

  it('reserves nothing and indexes the expiry when the balance is short: PROPOSED', async () => {
    given({ available: 99_999_999n });

    const result = await post({ idempotencyKey: 'short', sourceAmount: '100' });

    expect(bodyOf(result)).toMatchObject({ status: 'PROPOSED', requiresUiAction: true });
    const items = transactItems();
    expect(items).toHaveLength(5);
    expect(items[0]?.Put?.Item).toMatchObject({
      reservation: { balance: false, allowancePeriodStart: null },
      settleDueAt: null,
      expiryDueAt: '2026-11-28T10:00:00.000Z',
      gsi2sk: expect.stringMatching(/^2026-11-28T10:00:00.000Z#/),
    });
    expect(String(items[0]?.Put?.Item?.gsi2pk)).toMatch(/^TIMER#EXPIRE#[0-3]$/);
  });
});

describe('create withdrawal: a database that throttles or fails', () => {
  it.each([
    ['throttles', new ThrottlingException({ message: 'Rate exceeded', $metadata: {} })],
    [
      'cancels the transaction for throttling',
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }, { Code: 'None' }],
      }),
    ],
  ])(
    'answers 503 "Failed to execute withdrawal; retry with the same idempotency key" with Retry-After when it %s, having written nothing else',
    async (_case, error) => {
      ddb.on(TransactWriteCommand).rejects(error);

      const result = await post({ idempotencyKey: 'busy', sourceAmount: '100' });

      expect(result.statusCode).toBe(503);
      expect(bodyOf(result)).toEqual({ error: FAILED_TO_EXECUTE });
      expect(headerOf(result, 'retry-after')).toBe('1');
      // One all-or-nothing write was attempted; no other write exists that could be left half done.
      expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
      expect(withoutRateLimits(ddb.calls()).map((call) => call.args[0].constructor.name)).not.toContain(
        'UpdateCommand',
      );
    },
  );

  it('sends its decision again after losing to a concurrent transaction, reading nothing, and succeeds', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
        }),
      )
      .resolves({});

    const result = await post({ idempotencyKey: 'contended', sourceAmount: '100' });

    expect(result.statusCode).toBe(201);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
    // A conflict says nothing of the state; the resent reservation's guards decide on it.
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});
