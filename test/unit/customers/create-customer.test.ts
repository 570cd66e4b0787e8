import '#test/support/env.ts';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createCustomer } from '#functions/api/customers/create-customer.ts';
import {
  type Caller,
  givenCaller,
  mockDocumentClient,
  withoutRateLimits,
} from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { captureStderr } from '#test/support/output.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const THIRTY_DAYS_S = 30 * 24 * 3600;

const ddb = mockDocumentClient();
let caller: Caller;
let stderr: ReturnType<typeof captureStderr>;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  caller = givenCaller(ddb);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  stderr = captureStderr();
});

afterEach(() => {
  vi.useRealTimers();
  stderr.restore();
});

const post = (body: unknown) =>
  invoke(
    createCustomer,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers',
      headers: { authorization: caller.authorization },
      body: jsonBody(body),
    }),
  );

type TransactItem = { Put?: { TableName: string; Item: Record<string, unknown>; ConditionExpression?: string } };

const transactItems = (): TransactItem[] => {
  const [call] = ddb.commandCalls(TransactWriteCommand);
  return (call?.args[0].input.TransactItems ?? []) as TransactItem[];
};

describe('create customer', () => {
  it('answers 201 with the new customer, not yet verified', async () => {
    // act
    const result = await post({ name: '  Ada   Lovelace ', accountType: 'individual', email: ' ada@example.com ' });

    // assess
    expect(result.statusCode).toBe(201);
    expect(bodyOf(result)).toEqual({
      customerId: expect.stringMatching(UUID_V4),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      accountType: 'individual',
      expectedMonthlyVolume: null,
      kycVerified: false,
      kyc: {
        kycVerified: false,
        stepsStatus: 'incomplete',
        attempts: 0,
        levelName: 'customers-api-basic',
        steps: {
          identity: { status: 'not_started', documentType: null, documentsCount: 0 },
          proofOfAddress: { status: 'not_started', documentType: null, documentsCount: 0 },
          questionnaire: { status: 'not_started' },
        },
      },
      kycStatus: 'NOT_STARTED',
      verifiedName: null,
      address: null,
      enabled: true,
      createdAt: NOW,
    });
  });

  it('stores the expected monthly volume with two decimals and answers it as a JSON number (Compose)', async () => {
    const result = await post({
      name: 'Ada',
      accountType: 'individual',
      email: 'ada@example.com',
      expectedMonthlyVolume: '5000.5',
    });

    expect(bodyOf<{ expectedMonthlyVolume: number }>(result).expectedMonthlyVolume).toBe(5000.5);
    expect(transactItems()[0]?.Put?.Item?.expectedMonthlyVolume).toBe('5000.50');
  });

  it("accepts Compose's JSON number for the expected monthly volume", async () => {
    const result = await post({
      name: 'Ada',
      accountType: 'individual',
      email: 'a@example.com',
      expectedMonthlyVolume: 25000,
    });

    expect(result.statusCode).toBe(201);
    expect(bodyOf<{ expectedMonthlyVolume: number }>(result).expectedMonthlyVolume).toBe(25000);
  });

  it('keeps the registered address of a corporate customer, normalising the country code', async () => {
    const address = { addressLine1: 'Unter den Linden 1', city: 'Berlin', country: 'de', postalCode: '10117' };

    const result = await post({ name: 'Acme AG', accountType: 'corporate', email: 'ops@acme.example', address });

    expect(result.statusCode).toBe(201);
    expect(bodyOf<{ address: unknown }>(result).address).toEqual({ ...address, country: 'DE' });
  });

  it('sends one transaction: the guarded customer, its deposit reference and the customer.created event', async () => {
    const result = await post({ name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' });
    const { customerId } = bodyOf<{ customerId: string }>(result);
    const org = caller.organizationId;

    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    const [customerPut, referencePut, eventPut, ...rest] = transactItems();
    expect(rest).toEqual([]);
    expect(customerPut).toEqual({
      Put: {
        TableName: 'payouts-unit',
        Item: {
          pk: `ORG#${org}#CUSTOMER#${customerId}`,
          sk: 'CUSTOMER',
          gsi1pk: `ORG#${org}#CUSTOMERS`,
          gsi1sk: `${NOW}#${customerId}`,
          entity: 'CUSTOMER',
          customerId,
          organizationId: org,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          accountType: 'individual',
          expectedMonthlyVolume: null,
          kycStatus: 'NOT_STARTED',
          kycAttempts: 0,
          kycInReview: false,
          enabled: true,
          kycLevel: 'customers-api-basic',
          kycDocuments: { identity: { documentType: null, sides: [], count: 0 }, proofOfAddress: { count: 0 } },
          developerSpreadFeeBps: 0,
          developerFeesUpdatedAt: null,
          verifiedName: null,
          nationality: null,
          dateOfBirth: null,
          verifiedCompany: null,
          kycRejection: null,
          address: null,
          depositReference: expect.stringMatching(/^[0-9A-Z]{10}$/),
          createdAt: NOW,
          updatedAt: NOW,
          version: 1,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    const reference = customerPut?.Put?.Item.depositReference;
    expect(referencePut).toEqual({
      Put: {
        TableName: 'payouts-unit',
        Item: {
          pk: `DEPOSITREF#${reference}`,
          sk: 'DEPOSITREF',
          entity: 'DEPOSITREF',
          organizationId: org,
          customerId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    expect(eventPut).toEqual({
      Put: {
        TableName: 'payouts-unit',
        Item: {
          pk: expect.stringMatching(/^EVENT#[0-9a-f-]{36}$/),
          sk: 'EVENT',
          entity: 'EVENT',
          envelope: {
            event_id: expect.stringMatching(UUID_V4),
            event_type: 'customer.created',
            created_at: NOW,
            api_version: 'v2',
            org_id: org,
            data: { customer_id: customerId },
          },
          expiresAt: Date.parse(NOW) / 1000 + THIRTY_DAYS_S,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    const eventItem = eventPut?.Put?.Item as { pk: string; envelope: { event_id: string } };
    expect(eventItem.pk).toBe(`EVENT#${eventItem.envelope.event_id}`);
  });

  it('writes nothing outside the transaction', async () => {
    await post({ name: 'Ada', accountType: 'individual', email: 'ada@example.com' });

    expect(ddb).not.toHaveReceivedCommand(PutCommand);
    expect(withoutRateLimits(ddb.commandCalls(UpdateCommand))).toEqual([]);
  });

  it('gives each customer a new id and deposit reference', async () => {
    const first = bodyOf<{ customerId: string }>(
      await post({ name: 'A', accountType: 'individual', email: 'a@example.com' }),
    );
    const firstReference = transactItems()[1]?.Put?.Item.pk;
    ddb.resetHistory();

    const second = bodyOf<{ customerId: string }>(
      await post({ name: 'B', accountType: 'individual', email: 'b@example.com' }),
    );

    expect(second.customerId).not.toBe(first.customerId);
    expect(transactItems()[1]?.Put?.Item.pk).not.toBe(firstReference);
  });

  it.each([
    // Compose's own sentence for its field; the field's reason stays in `fields`.
    [{ name: 'Ada', accountType: 'individual', email: 'not-an-email' }, 'Please enter a valid email address'],
    [
      { name: 'Ada', accountType: 'business', email: 'a@example.com' },
      'accountType: Must be one of: individual, corporate',
    ],
    [{ name: '   ', accountType: 'individual', email: 'a@example.com' }, 'name: Must be at least 1 character'],
    [
      { name: 'x'.repeat(141), accountType: 'individual', email: 'a@example.com' },
      'name: Must be at most 140 characters',
    ],
    [
      { name: 'Ada', accountType: 'individual', email: 'a@example.com', expectedMonthlyVolume: '-5' },
      'expectedMonthlyVolume: Must be a decimal string with at most 2 decimal places',
    ],
    [
      { name: 'Ada', accountType: 'individual', email: 'a@example.com', expectedMonthlyVolume: '0' },
      'expectedMonthlyVolume: Must be greater than 0',
    ],
  ])('rejects %j with 400 %s and writes nothing', async (body, message) => {
    const result = await post(body);

    expect(result.statusCode).toBe(400);
    expect(bodyOf<{ error: string }>(result).error).toBe(message);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('rejects a non-numeric expected monthly volume with 400, not 500', async () => {
    const result = await post({
      name: 'Ada',
      accountType: 'individual',
      email: 'a@example.com',
      expectedMonthlyVolume: 'lots',
    });

    expect(result.statusCode).toBe(400);
  });

  it('does not turn a lost guard on the new items into a half-written customer', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    const result = await post({ name: 'Ada', accountType: 'individual', email: 'a@example.com' });

    expect(result.statusCode).toBeGreaterThanOrEqual(500);
    expect(bodyOf<{ error: string }>(result).error).not.toMatch(/Transaction|Condition/);
  });
});

describe('create customer: rarer paths', () => {
  it('draws a new deposit reference when the first one is already taken', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(
        new TransactionCanceledException({
          message: 'Transaction cancelled',
          $metadata: {},
          CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
        }),
      )
      .resolves({});

    const result = await post({ name: 'Ada', accountType: 'individual', email: 'ada@example.com' });

    expect(result.statusCode).toBe(201);
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    const reference = (i: number) => calls[i]?.args[0].input.TransactItems?.[1]?.Put?.Item?.pk;
    expect(reference(0)).not.toBe(reference(1));
  });

  it('refuses an address for an individual, whose address comes from KYC', async () => {
    const address = { addressLine1: 'Main St 1', city: 'Berlin', country: 'DE', postalCode: '10115' };

    const result = await post({ name: 'Ada', accountType: 'individual', email: 'ada@example.com', address });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({
      error: "address: Only corporate customers have a registered address; an individual's comes from KYC",
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
