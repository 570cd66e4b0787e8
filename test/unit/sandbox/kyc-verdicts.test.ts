import '#test/support/env.ts';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as approveKyc } from '#functions/api/customers/approve-kyc.ts';
import { handler as rejectKyc } from '#functions/api/customers/reject-kyc.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';

const ddb = mockDocumentClient();

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
});

const givenCustomer = (caller: Caller, overrides: Parameters<typeof customerItem>[1] = {}) => {
  const item = customerItem(caller.organizationId, overrides);
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: 'CUSTOMER' } }).resolves({ Item: item });
  return item;
};

const verdict = (verb: 'approve' | 'reject', caller: Caller, customerId: string, body?: string) =>
  apiEvent({
    method: 'POST',
    path: `/api/v2/sandbox/customers/{customerId}/kyc/${verb}`,
    rawPath: `/api/v2/sandbox/customers/${customerId}/kyc/${verb}`,
    pathParameters: { customerId },
    headers: { authorization: caller.authorization },
    ...(body !== undefined ? { body } : {}),
  });

type TransactItem = {
  Update?: { Key: unknown; ExpressionAttributeValues: Record<string, unknown>; ConditionExpression: string };
  Put?: { Item: { envelope?: { event_type: string; data: unknown } } };
};
const transactItems = (): TransactItem[] =>
  (ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []) as TransactItem[];

describe('sandbox KYC verdicts', () => {
  it.each([
    ['approve', approveKyc],
    ['reject', rejectKyc],
  ] as const)('do not exist for a live organization: %s answers 404 and touches no customer', async (verb, handler) => {
    const caller = givenCaller(ddb, { environment: 'live' });
    const customer = givenCustomer(caller);

    const result = await invoke(handler, verdict(verb, caller, customer.customerId, '{}'));

    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ error: 'Not found' });
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 2);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answer 404 for a live organization before looking at the request shape', async () => {
    const caller = givenCaller(ddb, { environment: 'live' });

    const result = await invoke(approveKyc, verdict('approve', caller, 'not-a-uuid', '{broken'));

    expect(result.statusCode).toBe(404);
  });

  it('approves with the customer name and the sample address by default, in one transaction with the event', async () => {
    const caller = givenCaller(ddb);
    const customer = givenCustomer(caller, { name: 'Ada Lovelace', kycStatus: 'PENDING' });

    const result = await invoke(approveKyc, verdict('approve', caller, customer.customerId));

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({
      customerId: customer.customerId,
      kycStatus: 'APPROVED',
      kycVerified: true,
      verifiedName: 'Ada Lovelace',
      address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
    });
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    const [update, event, ...rest] = transactItems();
    expect(rest).toEqual([]);
    expect(update?.Update?.Key).toEqual({ pk: customer.pk, sk: 'CUSTOMER' });
    expect(update?.Update?.ExpressionAttributeValues).toMatchObject({
      ':to': 'APPROVED',
      ':verifiedName': 'Ada Lovelace',
    });
    expect(update?.Update?.ConditionExpression).toContain('kycStatus IN');
    expect(event?.Put?.Item.envelope).toMatchObject({
      event_type: 'customer.kyc.approved',
      data: { customer_id: customer.customerId },
    });
  });

  it('approves with the verified identity the caller gives', async () => {
    const caller = givenCaller(ddb);
    const customer = givenCustomer(caller);
    const address = { addressLine1: '1 Rue de Rivoli', city: 'Paris', country: 'fr', postalCode: '75001' };

    const result = await invoke(
      approveKyc,
      verdict('approve', caller, customer.customerId, jsonBody({ verifiedName: 'Ada King', address })),
    );

    expect(bodyOf(result)).toMatchObject({ verifiedName: 'Ada King', address: { ...address, country: 'FR' } });
  });

  it('rejects an unknown field in the approval with 400 and writes nothing', async () => {
    const caller = givenCaller(ddb);
    const customer = givenCustomer(caller);

    const result = await invoke(
      approveKyc,
      verdict('approve', caller, customer.customerId, jsonBody({ status: 'APPROVED' })),
    );

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'status: Unrecognized field' });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 409 for an approval of an approved customer without writing', async () => {
    const caller = givenCaller(ddb);
    const customer = givenCustomer(caller, { kycStatus: 'APPROVED' });

    const result = await invoke(approveKyc, verdict('approve', caller, customer.customerId));

    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({ error: 'Customer KYC is already approved' });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 409 when a concurrent change wins the guarded update', async () => {
    const caller = givenCaller(ddb);
    const customer = givenCustomer(caller);
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    const result = await invoke(rejectKyc, verdict('reject', caller, customer.customerId));

    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({ error: 'Customer KYC status changed concurrently, please retry' });
  });

  it('rejects KYC in one transaction with the customer.kyc.rejected event', async () => {
    const caller = givenCaller(ddb);
    const customer = givenCustomer(caller, { kycStatus: 'PENDING' });

    const result = await invoke(rejectKyc, verdict('reject', caller, customer.customerId));

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ kycStatus: 'REJECTED', kycVerified: false });
    const [update, event] = transactItems();
    expect(update?.Update?.ExpressionAttributeValues).toMatchObject({ ':to': 'REJECTED' });
    expect(event?.Put?.Item.envelope?.event_type).toBe('customer.kyc.rejected');
  });

  it('answers 404 Customer not found for a customer of another organization', async () => {
    const caller = givenCaller(ddb);
    const stranger = givenCaller(ddb);
    const theirs = givenCustomer(stranger);

    const result = await invoke(rejectKyc, verdict('reject', caller, theirs.customerId));

    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ error: 'Customer not found' });
  });
});
