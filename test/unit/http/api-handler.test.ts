import '#test/support/env.ts';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { appDeps, type Deps } from '#shared/deps.ts';
import { TooManyRequestsError } from '#shared/errors.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { routes } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';
import { givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, headerOf, invoke, jsonBody } from '#test/support/http/api-event.ts';

const FIXED_NOW = new Date('2027-02-03T04:05:06.789Z');
const fixedClockDeps = (): Deps => ({ ...appDeps(), clock: { now: () => FIXED_NOW } });

const publicRoute = {
  operationId: 'unitEcho',
  method: 'POST',
  path: '/api/v2/unit/echo',
  handler: 'test/unit/http/api-handler.test.ts',
  tag: 'Test',
  auth: false,
  successStatus: 200,
  access: { table: 'none' },
  request: { query: z.strictObject({ q: z.optional(z.string()) }) },
  responses: { 200: z.unknown(), 400: z.object({ error: z.string() }) },
} satisfies RouteDefinition;

const ddb = mockDocumentClient();

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
});

describe('apiHandler', () => {
  it('hands the handler the deps of the factory it was given', async () => {
    const handler = apiHandler(publicRoute, ({ deps }) => ({ now: deps.clock.now().toISOString() }), fixedClockDeps);

    const result = await invoke(handler, apiEvent({ method: 'POST', path: publicRoute.path }));

    expect(bodyOf(result)).toEqual({ now: FIXED_NOW.toISOString() });
  });

  it('stamps a created customer with the injected clock', async () => {
    const caller = givenCaller(ddb);
    const handler = apiHandler(
      routes.createCustomer,
      ({ deps, auth, body }) => createCustomer(deps, { organizationId: auth.organizationId, ...body }),
      fixedClockDeps,
    );
    const body = jsonBody({ name: 'Ada', accountType: 'individual', email: 'ada@example.com' });

    const result = await invoke(
      handler,
      apiEvent({
        method: 'POST',
        path: routes.createCustomer.path,
        headers: { authorization: caller.authorization },
        body,
      }),
    );

    expect(result.statusCode).toBe(201);
    expect(bodyOf<{ createdAt: string }>(result).createdAt).toBe(FIXED_NOW.toISOString());
  });

  it('answers with the status and headers of a Reply', async () => {
    const handler = apiHandler(publicRoute, () =>
      reply({ ok: true }, { statusCode: 202, headers: { location: '/x' } }),
    );

    const result = await invoke(handler, apiEvent({ method: 'POST', path: publicRoute.path }));

    expect(result.statusCode).toBe(202);
    expect(headerOf(result, 'location')).toBe('/x');
    expect(headerOf(result, 'x-request-id')).toBeDefined();
  });

  it("answers a plain value with the route's success status", async () => {
    const handler = apiHandler(publicRoute, () => ({ ok: true }));

    const result = await invoke(handler, apiEvent({ method: 'POST', path: publicRoute.path }));

    expect(result.statusCode).toBe(200);
    expect(result.body).toBe('{"ok":true}');
  });

  it('ignores the body of a route that takes none, however malformed', async () => {
    const handler = apiHandler(publicRoute, ({ body }) => ({ body: body ?? null }));

    const result = await invoke(handler, apiEvent({ method: 'POST', path: publicRoute.path, body: '{broken' }));

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ body: null });
  });

  it('hands the handler the parsed query', async () => {
    const handler = apiHandler(publicRoute, ({ query }) => query);

    const result = await invoke(
      handler,
      apiEvent({ method: 'POST', path: publicRoute.path, queryStringParameters: { q: 'search' } }),
    );

    expect(bodyOf(result)).toEqual({ q: 'search' });
  });

  it('keeps the status and headers of an HttpError', async () => {
    const handler = apiHandler(publicRoute, () => {
      throw new TooManyRequestsError(7);
    });

    const result = await invoke(handler, apiEvent({ method: 'POST', path: publicRoute.path }));

    expect(result.statusCode).toBe(429);
    expect(headerOf(result, 'retry-after')).toBe('7');
    expect(bodyOf(result)).toEqual({ error: 'Too many requests' });
  });

  it('answers 500 for something thrown that is not an Error', async () => {
    const handler = apiHandler(publicRoute, () => {
      throw 'a string';
    });

    const result = await invoke(handler, apiEvent({ method: 'POST', path: publicRoute.path }));

    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('{"error":"Internal server error"}');
  });

  it('finds headers whatever their case', async () => {
    const handler = apiHandler(publicRoute, ({ requestId }) => ({ requestId }));

    const result = await invoke(
      handler,
      apiEvent({ method: 'POST', path: publicRoute.path, headers: { 'X-Request-Id': 'Mixed-Case-1' } }),
    );

    expect(bodyOf(result)).toEqual({ requestId: 'Mixed-Case-1' });
  });

  it('builds its database client without asking the SDK for credentials', () => {
    const { db } = appDeps();

    expect(db.client).toBeInstanceOf(DynamoDBDocumentClient);
    expect(db.tableName).toBe('payouts-unit');
  });
});
