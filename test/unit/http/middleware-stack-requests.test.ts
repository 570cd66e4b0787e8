import '#test/support/env.ts';
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { handler as createCustomer } from '#functions/api/customers/create-customer.ts';
import { handler as getCustomer } from '#functions/api/customers/get-customer.ts';
import { handler as listCustomers } from '#functions/api/customers/list-customers.ts';
import { handler as getHealth } from '#functions/api/health/get-health.ts';
import { givenCaller } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, headerOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { createCustomerEvent, getCustomerEvent, mockedStack, validCustomer } from '#test/support/http/mocked-stack.ts';
import { apiKeyFor } from '#test/support/organizations/organization-items.ts';

/**
 * The middleware stack every API handler runs, part two: what it makes of the request (JSON, fields, size, path and
 * query), of failures (500, 503) and of the request id. Who gets in: middleware-stack-access.test.ts.
 */

// The configuration is read at the first request, so this applies although the handlers are already imported.
process.env.LOG_LEVEL = 'warn';

const stack = mockedStack();
const { ddb } = stack;

describe('request shape', () => {
  it('rejects malformed JSON with 400 Invalid JSON body and writes nothing', async () => {
    const caller = givenCaller(ddb);

    const result = await invoke(
      createCustomer,
      createCustomerEvent({ authorization: caller.authorization }, '{"name": "Ada",'),
    );

    expect(result.statusCode).toBe(400);
    expect(result.body).toBe('{"error":"Invalid JSON body"}');
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('rejects an unknown body field with 400 naming the field', async () => {
    const caller = givenCaller(ddb);
    const body = jsonBody({ ...validCustomer, organizationId: 'someone-else' });

    const result = await invoke(createCustomer, createCustomerEvent({ authorization: caller.authorization }, body));

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'organizationId: Unrecognized field' });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('rejects a missing required field with 400 naming the field', async () => {
    const caller = givenCaller(ddb);
    const { email: _email, ...withoutEmail } = validCustomer;

    const result = await invoke(
      createCustomer,
      createCustomerEvent({ authorization: caller.authorization }, jsonBody(withoutEmail)),
    );

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'email: Required' });
  });

  it('treats an empty body as an empty object', async () => {
    const caller = givenCaller(ddb);

    const result = await invoke(createCustomer, createCustomerEvent({ authorization: caller.authorization }, ''));

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({
      error: 'Name is required, accountType: Must be one of: individual, corporate, email: Required',
      fields: { name: 'Required', accountType: 'Must be one of: individual, corporate', email: 'Required' },
    });
  });

  it('rejects a body over 64 KiB with 413 and writes nothing', async () => {
    const caller = givenCaller(ddb);
    const body = jsonBody({ ...validCustomer, name: 'x'.repeat(64 * 1024) });

    const result = await invoke(createCustomer, createCustomerEvent({ authorization: caller.authorization }, body));

    expect(result.statusCode).toBe(413);
    expect(bodyOf(result)).toEqual({ error: 'Request body exceeds 64 KiB' });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('counts bytes, not characters, against the 64 KiB limit', async () => {
    const caller = givenCaller(ddb);
    // 22,000 three-byte characters: under 64 Ki characters, over 64 KiB.
    const body = jsonBody({ ...validCustomer, name: '€'.repeat(22_000) });

    const result = await invoke(createCustomer, createCustomerEvent({ authorization: caller.authorization }, body));

    expect(body.length).toBeLessThan(64 * 1024);
    expect(result.statusCode).toBe(413);
  });

  it('accepts a body of exactly 64 KiB past the size check', async () => {
    const caller = givenCaller(ddb);
    const filler = '{"name":"","accountType":"individual","email":"ada@example.com"}';
    const body = filler.replace('"name":""', `"name":"${'x'.repeat(64 * 1024 - filler.length)}"`);

    const result = await invoke(createCustomer, createCustomerEvent({ authorization: caller.authorization }, body));

    expect(Buffer.byteLength(body)).toBe(64 * 1024);
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'name: Must be at most 140 characters' });
  });

  it('measures a base64-encoded body after decoding it', async () => {
    const caller = givenCaller(ddb);
    const body = Buffer.from(jsonBody(validCustomer), 'utf8').toString('base64');

    const result = await invoke(
      createCustomer,
      apiEvent({
        method: 'POST',
        path: '/api/v2/customers',
        headers: { authorization: caller.authorization },
        body,
        isBase64Encoded: true,
      }),
    );

    expect(result.statusCode).toBe(201);
  });

  it('rejects an invalid customer id in the path with 400 before any customer read', async () => {
    const caller = givenCaller(ddb);

    const result = await invoke(getCustomer, getCustomerEvent({ authorization: caller.authorization }, 'not-a-uuid'));

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'customerId: Must be a UUID' });
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 2);
    expect(ddb).not.toHaveReceivedCommandWith(GetCommand, { Key: expect.objectContaining({ sk: 'CUSTOMER' }) });
  });

  it('rejects an unknown query parameter with 400 naming it', async () => {
    const caller = givenCaller(ddb);

    const result = await invoke(
      listCustomers,
      apiEvent({
        path: '/api/v2/customers',
        queryStringParameters: { sort: 'asc' },
        headers: { authorization: caller.authorization },
      }),
    );

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'sort: Unrecognized field' });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });
});

describe('errors', () => {
  it('answers an unexpected database error with a bare 500 and logs it with the request id', async () => {
    const caller = givenCaller(ddb);
    const failure = new Error('connect ECONNABORTED arn:aws:dynamodb:eu-central-1:123456789012:table/payouts-unit');
    ddb.on(TransactWriteCommand).rejects(failure);
    const event = apiEvent({
      method: 'POST',
      path: '/api/v2/customers',
      headers: { authorization: caller.authorization },
      body: jsonBody(validCustomer),
      requestId: 'gw-request-500',
    });

    const result = await invoke(createCustomer, event);

    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('{"error":"Internal server error"}');
    expect(headerOf(result, 'x-request-id')).toBe('gw-request-500');
    const logged = stack.stderr().lines.map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'unhandled error',
        requestId: 'gw-request-500',
        operationId: 'createCustomer',
        error: expect.objectContaining({ message: failure.message }),
      }),
    );
  });

  it('never logs the API key of a failed request', async () => {
    const caller = givenCaller(ddb);
    ddb.on(TransactWriteCommand).rejects(new Error('boom'));

    await invoke(createCustomer, createCustomerEvent({ authorization: caller.authorization }, jsonBody(validCustomer)));

    expect(stack.stderr().text()).toContain('boom');
    expect(stack.stderr().text()).not.toContain(caller.apiKey);
  });

  it('answers a throttled database with 503 and Retry-After', async () => {
    const caller = givenCaller(ddb);
    ddb.on(QueryCommand).rejects(
      new ProvisionedThroughputExceededException({
        message: 'Rate of requests exceeds the allowed throughput',
        $metadata: {},
      }),
    );

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: caller.authorization } }),
    );

    expect(result.statusCode).toBe(503);
    expect(headerOf(result, 'retry-after')).toMatch(/^\d+$/);
    expect(bodyOf(result)).toEqual({ error: 'Service temporarily unavailable, please retry' });
    expect(result.body).not.toContain('throughput');
  });

  it('answers a transaction cancelled by throttling with 503', async () => {
    const caller = givenCaller(ddb);
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'None' }, { Code: 'None' }],
      }),
    );

    const result = await invoke(
      createCustomer,
      createCustomerEvent({ authorization: caller.authorization }, jsonBody(validCustomer)),
    );

    expect(result.statusCode).toBe(503);
    expect(headerOf(result, 'retry-after')).toBeDefined();
  });

  it('answers a database failure during authentication with 503, not 401', async () => {
    ddb.on(GetCommand).rejects(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }));

    const result = await invoke(
      listCustomers,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: `Bearer ${apiKeyFor('live')}` } }),
    );

    expect(result.statusCode).toBe(503);
  });
});

describe('request id', () => {
  it('echoes a sane x-request-id from the caller', async () => {
    const event = apiEvent({ path: '/api/v2/health', headers: { 'x-request-id': 'client-req_42.a:b' } });

    const result = await invoke(getHealth, event);

    expect(headerOf(result, 'x-request-id')).toBe('client-req_42.a:b');
  });

  it.each([
    ['blanks', 'two words'],
    ['a newline', 'abc\r\nset-cookie: x=1'],
    ['more than 128 characters', 'a'.repeat(129)],
    ['an empty value', ''],
  ])("replaces a caller's request id with %s by API Gateway's", async (_case, given) => {
    const event = apiEvent({ path: '/api/v2/health', headers: { 'x-request-id': given }, requestId: 'gw-abc123' });

    const result = await invoke(getHealth, event);

    expect(headerOf(result, 'x-request-id')).toBe('gw-abc123');
  });

  it("uses API Gateway's request id on an error response when the caller sent none", async () => {
    const event = apiEvent({ path: '/api/v2/customers', requestId: 'gw-401' });

    const result = await invoke(listCustomers, event);

    expect(result.statusCode).toBe(401);
    expect(headerOf(result, 'x-request-id')).toBe('gw-401');
  });

  it('answers JSON', async () => {
    const result = await invoke(getHealth, apiEvent({ path: '/api/v2/health' }));

    expect(headerOf(result, 'content-type')).toBe('application/json');
  });
});
