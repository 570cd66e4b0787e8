import '#test/support/env.ts';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as initiateKyc } from '#functions/api/customers/initiate-kyc.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke } from '#test/support/http/api-event.ts';

const ddb = mockDocumentClient();
let caller: Caller;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  caller = givenCaller(ddb);
});

const givenCustomer = (overrides: Parameters<typeof customerItem>[1] = {}) => {
  const item = customerItem(caller.organizationId, overrides);
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: 'CUSTOMER' } }).resolves({ Item: item });
  return item;
};

const start = (customerId: string) =>
  invoke(
    initiateKyc,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/kyc',
      rawPath: `/api/v2/customers/${customerId}/kyc`,
      pathParameters: { customerId },
      headers: { authorization: caller.authorization },
    }),
  );

describe('initiate KYC', () => {
  it('moves a new individual to PENDING and answers a hosted flow link', async () => {
    const customer = givenCustomer({ kycStatus: 'NOT_STARTED' });

    const result = await start(customer.customerId);

    expect(result.statusCode).toBe(200);
    const body = bodyOf<{ kycVerified: boolean; kycFlowLink: string }>(result);
    expect(body.kycVerified).toBe(false);
    expect(body.kycFlowLink).toMatch(
      new RegExp(`^https://kyc\\.sandbox\\.payouts\\.dev/flow/${customer.customerId}\\?session=[0-9A-Za-z]{24}$`),
    );
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    const [item] = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(item?.Update?.ExpressionAttributeValues).toMatchObject({ ':to': 'PENDING' });
  });

  it('refuses a corporate customer with the contract message and writes nothing', async () => {
    const customer = givenCustomer({ accountType: 'corporate' });

    const result = await start(customer.customerId);

    expect(result.statusCode).toBe(400);
    expect(result.body).toBe('{"error":"KYC link generation is not available for corporate customers"}');
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers verified without a link, and without writing, for an approved customer', async () => {
    const customer = givenCustomer({ kycStatus: 'APPROVED' });

    const result = await start(customer.customerId);

    expect(bodyOf(result)).toEqual({ kycVerified: true, kycFlowLink: null });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 404 for a missing customer', async () => {
    const result = await start('0f0e0d0c-0b0a-4908-8706-050403020100');

    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ error: 'Customer not found' });
  });

  // The guard checks `version`, so losing the race does not mean the customer was approved; any other
  // concurrent change (a rejection, another KYC start) must not be answered as verified.
  it('does not report a customer who is still pending as verified after losing a race', async () => {
    const customer = givenCustomer({ kycStatus: 'PENDING' });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
      }),
    );

    const result = await start(customer.customerId);

    expect(bodyOf(result)).not.toEqual({ kycVerified: true, kycFlowLink: null });
  });
});
