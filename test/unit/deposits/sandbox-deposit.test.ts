import '#test/support/env.ts';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  NumberValue,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as sandboxDeposit } from '#functions/api/deposits/simulate-deposit.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, headerOf, invoke, jsonBody } from '#test/support/http/api-event.ts';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX_HASH = `0x${'ab'.repeat(32)}`;
const customerId = '3b241101-e2bb-4255-8caf-4136c566a962';

const ddb = mockDocumentClient();
let caller: Caller;
let bank: ReturnType<typeof bankItem>;

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;
const transactItems = (): Items =>
  (ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []) as Items;

/** The platform-wide owner item of a derived address: the caller's, unless another organization is named. */
function givenDepositAddress(organizationId = caller.organizationId) {
  ddb.on(GetCommand, { Key: { pk: `DEPOSITADDRESS#${ADDRESS.toLowerCase()}`, sk: 'DEPOSITADDRESS' } }).resolves({
    Item: {
      organizationId,
      customerId,
      walletId: '0f8e2a44-7b0c-4d8e-9a61-5c3b2e1d0a99',
      kind: 'BANK_DEPOSIT',
      bankId: bank.bankId,
      address: ADDRESS,
      chain: 'base',
    },
  });
}

const INBOUND_KEY = { pk: `INBOUND#base#${TX_HASH}#0`, sk: 'INBOUND' };

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  // No sandbox fault armed: the executor starts every payout.
  ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no fault armed', $metadata: {} }));
  caller = givenCaller(ddb);
  bank = bankItem(caller.organizationId, customerId);
  ddb.on(GetCommand, { Key: { pk: bank.pk, sk: bank.sk } }).resolves({ Item: bank });
});

const post = (body: Record<string, unknown>) =>
  invoke(
    sandboxDeposit,
    apiEvent({
      method: 'POST',
      path: '/api/v2/sandbox/deposits',
      headers: { authorization: caller.authorization },
      body: jsonBody(body),
    }),
  );

describe('POST /sandbox/deposits: the one transaction of an inbound transfer', () => {
  it('writes the forwarding withdrawal, its locked credit, its event and the inbound guard together', async () => {
    givenDepositAddress();

    const result = await post({ chain: 'base', address: ADDRESS.toLowerCase(), amount: '5', txHash: TX_HASH });

    expect(result.statusCode).toBe(201);
    expect(bodyOf(result)).toMatchObject({ type: 'WITHDRAWAL', status: 'PROCESSING', txHash: TX_HASH });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const items = transactItems();
    const balance = items.find((item) => item.Update?.Key?.sk === 'BALANCE')?.Update;
    expect(balance?.ExpressionAttributeValues).toMatchObject({
      ':available': NumberValue.from('0'),
      ':locked': NumberValue.from('5000000'),
    });
    const inbound = items.find((item) => item.Put?.Item?.entity === 'INBOUND')?.Put;
    expect(inbound).toMatchObject({
      Item: { ...INBOUND_KEY, organizationId: caller.organizationId, logIndex: 0, amount: '5.00' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    const event = items.find((item) => item.Put?.Item?.entity === 'EVENT')?.Put?.Item;
    expect(event?.envelope).toMatchObject({ event_type: 'withdrawal.created', data: { status: 'PROCESSING' } });
    // No allowance item is touched: the funds are already in hand.
    expect(items.some((item) => item.Update?.Key?.sk === 'ALLOWANCE')).toBe(false);
  });

  it('credits less than 5 USDC to the available balance with deposit.created', async () => {
    givenDepositAddress();

    const result = await post({ chain: 'base', address: ADDRESS, amount: '4.99', txHash: TX_HASH });

    expect(bodyOf(result)).toMatchObject({ type: 'DEPOSIT', status: 'COMPLETED', sourceAmount: '4.99' });
    const items = transactItems();
    expect(items.find((item) => item.Update?.Key?.sk === 'BALANCE')?.Update?.ExpressionAttributeValues).toMatchObject({
      ':available': NumberValue.from('4990000'),
      ':locked': NumberValue.from('0'),
    });
    const event = items.find((item) => item.Put?.Item?.entity === 'EVENT')?.Put?.Item;
    expect(event?.envelope).toMatchObject({ event_type: 'deposit.created', data: { status: 'COMPLETED' } });
  });

  it('answers 404 for an address the platform did not derive, or derived for another organization, writing nothing', async () => {
    const notDerived = await post({ chain: 'base', address: ADDRESS, amount: '10', txHash: TX_HASH });
    givenDepositAddress(crypto.randomUUID());
    const othersAddress = await post({ chain: 'base', address: ADDRESS, amount: '10', txHash: TX_HASH });

    for (const result of [notDerived, othersAddress]) {
      expect(result.statusCode).toBe(404);
      expect(bodyOf(result)).toEqual({ error: 'Wallet not found' });
    }
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 404, not the transaction, when the hash was already credited to another organization', async () => {
    givenDepositAddress();
    ddb.on(GetCommand, { Key: INBOUND_KEY }).resolves({
      Item: {
        organizationId: crypto.randomUUID(),
        customerId,
        transactionId: crypto.randomUUID(),
        chain: 'base',
        txHash: TX_HASH,
        logIndex: 0,
        address: ADDRESS,
        amount: '7.00',
        receivedAt: 'x',
      },
    });

    const result = await post({ chain: 'base', address: ADDRESS, amount: '7', txHash: TX_HASH });

    expect(result.statusCode).toBe(404);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers a report that lost the race with the transaction that won, marked as replayed', async () => {
    givenDepositAddress();
    const winner = { organizationId: caller.organizationId, customerId, transactionId: crypto.randomUUID() };
    const inboundKey = INBOUND_KEY;
    // The first read finds no record; after the guard fails, the winner's record is there.
    ddb
      .on(GetCommand, { Key: inboundKey })
      .resolvesOnce({})
      .resolves({
        Item: {
          ...winner,
          chain: 'base',
          txHash: TX_HASH,
          logIndex: 0,
          address: ADDRESS,
          amount: '7.00',
          receivedAt: 'x',
        },
      });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
        ],
      }),
    );
    ddb
      .on(GetCommand, {
        Key: { pk: `ORG#${caller.organizationId}#CUSTOMER#${customerId}`, sk: `TX#${winner.transactionId}` },
      })
      .resolves({ Item: { ...transactionOf(winner) } });

    const result = await post({ chain: 'base', address: ADDRESS, amount: '7', txHash: TX_HASH });

    expect(result.statusCode).toBe(201);
    expect(headerOf(result, 'idempotent-replayed')).toBe('true');
    expect(bodyOf(result)).toMatchObject({ id: winner.transactionId });
  });

  it('refuses a malformed report with 400 and reads nothing beyond the caller', async () => {
    const result = await post({ chain: 'base', address: ADDRESS, amount: '-1' });

    expect(result.statusCode).toBe(400);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
  });
});

/** A stored DEPOSIT of the winning report. */
function transactionOf(owner: { organizationId: string; customerId: string; transactionId: string }) {
  const at = '2026-11-21T10:00:00.000Z';
  return {
    ...owner,
    type: 'DEPOSIT',
    status: 'COMPLETED',
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    reference: 'DP-7K3M-9QX2',
    sourceCurrency: 'USDC',
    targetCurrency: 'USDC',
    sourceAmount: '7.00',
    targetAmount: '7.00',
    exchangeRate: '1.00',
    fee: '0.00',
    withdrawalBank: null,
    walletAddress: ADDRESS,
    developerFee: null,
    txHash: TX_HASH,
    failureReason: null,
    idempotencyKey: null,
    approvals: [],
    reservation: { balance: false, allowancePeriodStart: null },
    expiryDueAt: null,
    settleDueAt: null,
    cancelledBy: null,
    version: 1,
  };
}
