import '#test/support/env.ts';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as createCustomer } from '#functions/api/customers/create-customer.ts';
import { handler as getCustomer } from '#functions/api/customers/get-customer.ts';
import { handler as initiateKyc } from '#functions/api/customers/initiate-kyc.ts';
import { handler as listCustomers } from '#functions/api/customers/list-customers.ts';
import { handler as getHealth } from '#functions/api/health/get-health.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { givenCaller } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { createCustomerEvent, getCustomerEvent, mockedStack, validCustomer } from '#test/support/http/mocked-stack.ts';
import { apiKeyFor, sha256 } from '#test/support/organizations/organization-items.ts';

/**
 * The middleware stack every API handler runs, part one: who gets in (API keys, feature gates), in which order the
 * checks answer, and whose data a request can reach. The request itself: middleware-stack-requests.test.ts.
 */

const UNAUTHORIZED = '{"error":"Unauthorized - Invalid or missing API key or session"}';
const CUSTOMERS_OFF = '{"error":"Customers feature is not enabled for your organization"}';
const CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

// The configuration is read at the first request, so this applies although the handlers are already imported.
process.env.LOG_LEVEL = 'warn';

const stack = mockedStack();
const { ddb } = stack;

describe('authentication', () => {
  it('rejects a request without an API key with 401 and reads nothing', async () => {
    // prepare
    const event = createCustomerEvent({}, jsonBody(validCustomer));

    // act
    const result = await invoke(createCustomer, event);

    // assess
    expect(result.statusCode).toBe(401);
    expect(result.body).toBe(UNAUTHORIZED);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it.each([
    ['garbage', 'Bearer not-a-key'],
    ['a key that is too short', `Bearer sk_live_${'a'.repeat(31)}`],
    ['an unknown environment', `Bearer sk_test_${'a'.repeat(43)}`],
    ['another scheme', `Basic ${apiKeyFor('live')}`],
  ])('rejects %s with 401 without a database call', async (_case, authorization) => {
    const event = createCustomerEvent({ authorization }, jsonBody(validCustomer));

    const result = await invoke(createCustomer, event);

    expect(result.statusCode).toBe(401);
    expect(result.body).toBe(UNAUTHORIZED);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('rejects a key sent without `Bearer ` with 401 saying how to send it, without a database call', async () => {
    const event = createCustomerEvent({ authorization: apiKeyFor('live') }, jsonBody(validCustomer));

    const result = await invoke(createCustomer, event);

    expect(result.statusCode).toBe(401);
    expect(JSON.parse(result.body ?? '{}')).toEqual({
      error: 'Unauthorized - Invalid or missing API key or session: send the key as "Authorization: Bearer <key>"',
    });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('rejects an unknown key with 401 after one consistent lookup of its hash', async () => {
    const apiKey = apiKeyFor('sandbox');

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: `Bearer ${apiKey}` } }),
    );

    expect(result.statusCode).toBe(401);
    expect(result.body).toBe(UNAUTHORIZED);
    expect(ddb).toHaveReceivedCommandExactlyOnceWith(GetCommand, {
      TableName: 'payouts-unit',
      Key: { pk: `APIKEY#${sha256(apiKey)}`, sk: 'APIKEY' },
      ConsistentRead: true,
    });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it('rejects a revoked key with 401 and does not read its organization', async () => {
    const caller = givenCaller(ddb, { keyStatus: 'REVOKED' });

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: caller.authorization } }),
    );

    expect(result.statusCode).toBe(401);
    expect(result.body).toBe(UNAUTHORIZED);
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 1);
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it('rejects a key whose organization no longer exists with 401', async () => {
    const caller = givenCaller(ddb);
    ddb.on(GetCommand, { Key: { pk: caller.organization.pk, sk: 'ORG' } }).resolves({});

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: caller.authorization } }),
    );

    expect(result.statusCode).toBe(401);
    expect(result.body).toBe(UNAUTHORIZED);
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it('accepts a lower-case bearer scheme and resolves the organization with a consistent read', async () => {
    const caller = givenCaller(ddb);

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: `bearer ${caller.apiKey}` } }),
    );

    expect(result.statusCode).toBe(200);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, {
      Key: { pk: `ORG#${caller.organizationId}`, sk: 'ORG' },
      ConsistentRead: true,
    });
  });

  it('serves the health route without a key and without touching the database', async () => {
    const result = await invoke(getHealth, apiEvent({ path: '/api/v2/health' }));

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ status: 'ok' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});

describe('feature gates', () => {
  it.each([
    ['create customer', createCustomer, (h: Record<string, string>) => createCustomerEvent(h, jsonBody(validCustomer))],
    [
      'list customers',
      listCustomers,
      (h: Record<string, string>) => apiEvent({ path: '/api/v2/customers', headers: h }),
    ],
    ['get customer', getCustomer, (h: Record<string, string>) => getCustomerEvent(h, CUSTOMER_ID)],
  ])('answers %s with 403 when the customers feature is off, and reads no customer', async (_name, handler, event) => {
    const caller = givenCaller(ddb, { features: { customers: false } });

    const result = await invoke(handler, event({ authorization: caller.authorization }));

    expect(result.statusCode).toBe(403);
    expect(result.body).toBe(CUSTOMERS_OFF);
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 2); // the key and its organization, nothing else
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('lets customers through for an organization with the feature on', async () => {
    const caller = givenCaller(ddb, { features: { customers: true, apiWithdrawals: false } });

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: caller.authorization } }),
    );

    expect(result.statusCode).toBe(200);
  });
});

describe('order of checks', () => {
  it('answers 401 before anything else is looked at', async () => {
    const event = apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/kyc',
      pathParameters: { customerId: 'not-a-uuid' },
      headers: { authorization: 'Bearer nope' },
      body: '{broken',
    });

    const result = await invoke(initiateKyc, event);

    expect(result.statusCode).toBe(401);
  });

  it('answers 403 for a disabled feature before looking at the request shape', async () => {
    const caller = givenCaller(ddb, { features: { customers: false } });

    const result = await invoke(
      createCustomer,
      createCustomerEvent({ authorization: caller.authorization }, '{broken'),
    );

    expect(result.statusCode).toBe(403);
    expect(result.body).toBe(CUSTOMERS_OFF);
  });

  it('checks the body before the path', async () => {
    const caller = givenCaller(ddb);
    const event = apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/kyc',
      pathParameters: { customerId: 'not-a-uuid' },
      headers: { authorization: caller.authorization },
      body: jsonBody({ force: true }),
    });

    const result = await invoke(initiateKyc, event);

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'force: Unrecognized field' });
  });

  it('answers a malformed request with 400 rather than 404, even for a customer that does not exist', async () => {
    const caller = givenCaller(ddb);
    const event = apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/kyc',
      pathParameters: { customerId: CUSTOMER_ID },
      headers: { authorization: caller.authorization },
      body: jsonBody({ force: true }),
    });

    const result = await invoke(initiateKyc, event);

    expect(result.statusCode).toBe(400);
    expect(ddb).not.toHaveReceivedCommandWith(GetCommand, { Key: expect.objectContaining({ sk: 'CUSTOMER' }) });
  });

  it('answers 404 for a well-formed request about a missing customer', async () => {
    const caller = givenCaller(ddb);

    const result = await invoke(getCustomer, getCustomerEvent({ authorization: caller.authorization }, CUSTOMER_ID));

    expect(result.statusCode).toBe(404);
    expect(result.body).toBe('{"error":"Customer not found"}');
  });
});

describe('tenant isolation', () => {
  it("looks a customer up only under the caller's own organization", async () => {
    const caller = givenCaller(ddb);
    const otherOrganizationsCustomer = customerItem('another-org', { customerId: CUSTOMER_ID });
    ddb
      .on(GetCommand, { Key: { pk: otherOrganizationsCustomer.pk, sk: 'CUSTOMER' } })
      .resolves({ Item: otherOrganizationsCustomer });

    const result = await invoke(getCustomer, getCustomerEvent({ authorization: caller.authorization }, CUSTOMER_ID));

    expect(result.statusCode).toBe(404);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, {
      Key: { pk: `ORG#${caller.organizationId}#CUSTOMER#${CUSTOMER_ID}`, sk: 'CUSTOMER' },
      ConsistentRead: true,
    });
  });
});
