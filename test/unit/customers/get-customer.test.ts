import '#test/support/env.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as getCustomer } from '#functions/api/customers/get-customer.ts';
import { handler as getKycAddress } from '#functions/api/customers/get-kyc-address.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke } from '#test/support/http/api-event.ts';

const ddb = mockDocumentClient();
let caller: Caller;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  caller = givenCaller(ddb);
});

const givenCustomer = (overrides: Parameters<typeof customerItem>[1] = {}) => {
  const item = customerItem(caller.organizationId, overrides);
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: 'CUSTOMER' } }).resolves({ Item: item });
  return item;
};

const get = (customerId: string) =>
  invoke(
    getCustomer,
    apiEvent({
      path: '/api/v2/customers/{customerId}',
      rawPath: `/api/v2/customers/${customerId}`,
      pathParameters: { customerId },
      headers: { authorization: caller.authorization },
    }),
  );

const getAddress = (customerId: string) =>
  invoke(
    getKycAddress,
    apiEvent({
      path: '/api/v2/customers/{customerId}/kyc/address',
      rawPath: `/api/v2/customers/${customerId}/kyc/address`,
      pathParameters: { customerId },
      headers: { authorization: caller.authorization },
    }),
  );

describe('get customer', () => {
  it('answers the stored customer in the contract shape, without table internals', async () => {
    const item = givenCustomer({ name: 'Grace Hopper', kycStatus: 'PENDING' });

    const result = await get(item.customerId);

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({
      customerId: item.customerId,
      name: 'Grace Hopper',
      email: item.email,
      accountType: 'individual',
      expectedMonthlyVolume: null,
      kycVerified: false,
      kyc: {
        kycVerified: false,
        stepsStatus: 'pending',
        attempts: 1,
        levelName: 'customers-api-basic',
        steps: {
          identity: { status: 'pending', documentType: null, documentsCount: 0 },
          proofOfAddress: { status: 'pending', documentType: null, documentsCount: 0 },
          questionnaire: { status: 'pending' },
        },
      },
      kycStatus: 'PENDING',
      verifiedName: null,
      address: null,
      enabled: true,
      createdAt: item.createdAt,
    });
  });

  it('reports an approved customer as KYC verified', async () => {
    const item = givenCustomer({ kycStatus: 'APPROVED' });

    const result = await get(item.customerId);

    expect(bodyOf<{ kycVerified: boolean }>(result).kycVerified).toBe(true);
  });

  it('answers 404 Customer not found for an unknown id', async () => {
    const result = await get('8d3f1c2a-5b6e-4f70-9a81-b2c3d4e5f607');

    expect(result.statusCode).toBe(404);
    expect(result.body).toBe('{"error":"Customer not found"}');
  });

  it.each(['not-a-uuid', '8d3f1c2a5b6e4f709a81b2c3d4e5f607', '8d3f1c2a-5b6e-4f70-9a81-b2c3d4e5f60'])(
    'rejects the customer id %s with 400 before reading any customer',
    async (customerId) => {
      const result = await get(customerId);

      expect(result.statusCode).toBe(400);
      expect(bodyOf(result)).toEqual({ error: 'customerId: Must be a UUID' });
      expect(ddb).toHaveReceivedCommandTimes(GetCommand, 2);
    },
  );
});

describe('get KYC address', () => {
  it('answers 403 until KYC is approved', async () => {
    const item = givenCustomer({ kycStatus: 'PENDING' });

    const result = await getAddress(item.customerId);

    expect(result.statusCode).toBe(403);
    expect(result.body).toBe('{"error":"Customer KYC verification must be completed before retrieving address"}');
  });

  it('answers the verified address of an approved customer', async () => {
    const address = { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' };
    const item = customerItem(caller.organizationId, { kycStatus: 'APPROVED' });
    ddb.on(GetCommand, { Key: { pk: item.pk, sk: 'CUSTOMER' } }).resolves({ Item: { ...item, address } });

    const result = await getAddress(item.customerId);

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual(address);
  });
});
