import '#test/support/env.ts';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as cancelTransaction } from '#functions/api/withdrawals/cancel-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke } from '#test/support/http/api-event.ts';

const ddb = mockDocumentClient();
let caller: Caller;
let customerId: string;
const TRANSACTION_ID = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';

function proposed(organizationId: string, version = 3): TransactionRecord & Record<string, unknown> {
  const at = '2026-11-21T10:00:00.000Z';
  return {
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `TX#${TRANSACTION_ID}`,
    transactionId: TRANSACTION_ID,
    organizationId,
    customerId,
    type: 'WITHDRAWAL',
    status: 'PROPOSED',
    createdAt: at,
    updatedAt: at,
    completedAt: null,
    reference: 'WD-AAAA-BBBB',
    sourceCurrency: 'USDC',
    targetCurrency: 'EUR',
    sourceAmount: '100.00',
    targetAmount: '91.08',
    exchangeRate: '0.92',
    fee: '1.00',
    withdrawalBank: null,
    depositInstructions: null,
    walletAddress: null,
    developerFee: null,
    txHash: null,
    failureReason: null,
    idempotencyKey: 'k',
    approvals: [],
    reservation: { balance: false, allowancePeriodStart: null },
    expiryDueAt: '2026-11-28T10:00:00.000Z',
    settleDueAt: null,
    cancelledBy: null,
    version,
  };
}

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  caller = givenCaller(ddb);
  const customer = customerItem(caller.organizationId);
  customerId = customer.customerId;
  ddb.on(GetCommand, { Key: { pk: customer.pk, sk: 'CUSTOMER' } }).resolves({ Item: customer });
});

const cancel = () =>
  invoke(
    cancelTransaction,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/transactions/{transactionId}/cancel',
      rawPath: `/api/v2/customers/${customerId}/transactions/${TRANSACTION_ID}/cancel`,
      pathParameters: { customerId, transactionId: TRANSACTION_ID },
      headers: { authorization: caller.authorization },
    }),
  );

type Items = NonNullable<TransactWriteCommandInput['TransactItems']>;

describe('a transition', () => {
  it('replaces the transaction only from the status and version it read, with its event in the same transaction', async () => {
    const current = proposed(caller.organizationId);
    ddb.on(GetCommand, { Key: { pk: current.pk, sk: current.sk } }).resolves({ Item: current });

    const result = await cancel();

    expect(bodyOf(result)).toMatchObject({ status: 'CANCELLED', requiresUiAction: false });
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems as Items;
    expect(items).toHaveLength(2);
    expect(items[0]?.Put).toMatchObject({
      Item: { status: 'CANCELLED', version: 4, cancelledBy: 'api' },
      ConditionExpression: '#status = :status AND version = :version',
      ExpressionAttributeValues: { ':status': 'PROPOSED', ':version': 3 },
    });
    // No longer waiting for a deadline: the timer entry is gone with the new item.
    expect(items[0]?.Put?.Item).not.toHaveProperty('gsi2pk');
    expect(items[1]?.Put?.Item).toMatchObject({
      envelope: {
        event_type: 'withdrawal.status_changed',
        data: {
          transaction_id: TRANSACTION_ID,
          customer_id: customerId,
          status: 'CANCELLED',
          previous_status: 'PROPOSED',
        },
      },
    });
  });

  it('re-reads after losing a race and refuses what the winner made illegal (409), writing once', async () => {
    const current = proposed(caller.organizationId);
    const won = { ...current, status: 'PROCESSING', version: 4 };
    ddb
      .on(GetCommand, { Key: { pk: current.pk, sk: current.sk } })
      .resolvesOnce({ Item: current })
      .resolves({ Item: won });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    const result = await cancel();

    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({
      error: 'Withdrawal is PROCESSING; it can be cancelled only while PROPOSED or PARTIALLY_SIGNED',
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
