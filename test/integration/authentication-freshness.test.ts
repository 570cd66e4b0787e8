import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as listCustomers } from '#functions/api/customers/list-customers.ts';
import { handler as getAllowance } from '#functions/api/ledger/get-allowance.ts';
import { handler as setAllowance } from '#functions/api/ledger/set-allowance.ts';
import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import { createDb } from '#shared/db/client.ts';
import { keys } from '#shared/db/keys.ts';
import { authenticate } from '#shared/http/auth.ts';
import { apiKeyHint, hashApiKey } from '#shared/organizations/api-keys.ts';
import { createApiKey, createOrganization } from '#shared/organizations/organization-admin.ts';
import { revokeApiKey, updateOrganization } from '#shared/organizations/repository.ts';

/**
 * Authentication reads the key and its organization as they are now, in one round trip: what an operator (or
 * the sandbox) changes about an organization, and a revocation, apply from the very next request through the
 * same key, against DynamoDB Local.
 */

const config = parseConfig(process.env);
const deps = { db: createDb(config), clock: systemClock, config };

/** The commands this test's own client sends, by name (the handlers have clients of their own). */
const sent: string[] = [];
deps.db.client.middlewareStack.add(
  (next, context) => (args) => {
    sent.push(String(context.commandName));
    return next(args);
  },
  { step: 'initialize', name: 'countCommands' },
);

type Handler = (event: APIGatewayProxyEventV2, context: never) => Promise<unknown>;

/** One request to a route's Lambda handler, as API Gateway delivers it. */
async function call(handler: Handler, method: string, path: string, apiKey: string, body?: unknown) {
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '21/Nov/2026:10:00:00 +0000',
      timeEpoch: Date.now(),
    },
  };
  const result = (await handler(event, { awsRequestId: randomUUID() } as never)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) as Record<string, unknown> };
}

const customers = (apiKey: string) => call(listCustomers as Handler, 'GET', '/api/v2/customers', apiKey);
const allowance = (apiKey: string) =>
  call(getAllowance as Handler, 'GET', '/api/v2/customers/withdrawal/allowance', apiKey);

const givenOrganization = () =>
  createOrganization(deps.db, deps.clock, { name: 'Fresh reads', environment: 'sandbox' });

describe('authentication against the table', () => {
  it('resolves a key issued now in exactly one call, a consistent BatchGetItem', async () => {
    const { apiKey, organizationId } = await givenOrganization();
    sent.length = 0;

    const auth = await authenticate(deps, `Bearer ${apiKey}`);

    expect(auth.organizationId).toBe(organizationId);
    expect(sent).toEqual(['BatchGetItemCommand']);
  });

  it('applies an operator turning the customers feature off to the very next request through the same key', async () => {
    const { apiKey, organizationId } = await givenOrganization();
    expect((await customers(apiKey)).status).toBe(200);

    await updateOrganization(deps.db, organizationId, { customers: false }, new Date());

    expect(await customers(apiKey)).toEqual({
      status: 403,
      body: { error: 'Customers feature is not enabled for your organization' },
    });

    await updateOrganization(deps.db, organizationId, { customers: true, requiredApprovals: 2 }, new Date());

    expect((await customers(apiKey)).status).toBe(200);
    expect((await authenticate(deps, `Bearer ${apiKey}`)).organization.requiredApprovals).toBe(2);
  });

  it('applies a new allowance, written by the sandbox and not by the organizations area, to the next request', async () => {
    const { apiKey } = await givenOrganization();
    expect((await allowance(apiKey)).body).toMatchObject({ allowance: { limit: '10000.00' } });

    const set = await call(setAllowance as Handler, 'POST', '/api/v2/sandbox/allowance', apiKey, {
      limit: '250.00',
      resetPeriodMinutes: 60,
    });
    expect(set.status).toBe(200);

    expect((await allowance(apiKey)).body).toMatchObject({ allowance: { limit: '250.00', resetPeriodMinutes: 60 } });
  });

  it('refuses a revoked key at once, and only that key', async () => {
    const { apiKey, apiKeyId, organizationId } = await givenOrganization();
    const second = await createApiKey(deps.db, deps.clock, organizationId);
    expect((await customers(apiKey)).status).toBe(200);

    await revokeApiKey(deps.db, apiKeyId, new Date());

    expect(await customers(apiKey)).toEqual({
      status: 401,
      body: { error: 'Unauthorized - Invalid or missing API key or session' },
    });
    expect((await customers(second.apiKey)).status).toBe(200);
  });

  it('still authenticates a key stored before keys named their organization, and sees changes through it', async () => {
    const { organizationId } = await givenOrganization();
    const oldKey = `sk_sandbox_${'Old1'.repeat(10)}abc`;
    const apiKeyId = randomUUID();
    const record = {
      apiKeyId,
      organizationId,
      keyHash: hashApiKey(oldKey),
      hint: apiKeyHint(oldKey),
      status: 'ACTIVE',
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    // The items as the code before this change wrote them.
    for (const item of [
      { ...keys.apiKeyByHash(record.keyHash), entity: 'APIKEY', ...record },
      {
        ...keys.apiKeyById(apiKeyId),
        ...keys.apiKeyListEntry(organizationId, record.createdAt, apiKeyId),
        entity: 'APIKEY_REF',
        ...record,
      },
    ]) {
      await deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: item }));
    }
    sent.length = 0;

    expect((await authenticate(deps, `Bearer ${oldKey}`)).organizationId).toBe(organizationId);
    expect(sent).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect((await customers(oldKey)).status).toBe(200);

    await updateOrganization(deps.db, organizationId, { customers: false }, new Date());
    expect((await customers(oldKey)).status).toBe(403);

    await revokeApiKey(deps.db, apiKeyId, new Date());
    expect((await customers(oldKey)).status).toBe(401);
  });
});
