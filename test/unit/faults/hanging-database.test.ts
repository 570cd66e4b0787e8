import '#test/support/env.ts';
import { createServer, type Server, type Socket } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import { createDb, DB_MAX_ATTEMPTS, dbTimeouts, requestBudgetMs, withDatabaseDeadline } from '#shared/db/client.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/routes.ts';
import { apiEvent, bodyOf, headerOf, invoke } from '#test/support/http/api-event.ts';
import { apiKeyFor } from '#test/support/organizations/organization-items.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * The real SDK client against a database that accepts connections and never answers: the request must end as a
 * 503 the caller may retry, not hang until the function is killed. The test shortens the attempts; the deployed
 * ones are checked to fit the function's timeout.
 */
const FUNCTION_TIMEOUT_MS = 10_000;
let server: Server;
const sockets: Socket[] = [];
let endpoint: string;

beforeAll(async () => {
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('a database that never answers', () => {
  it('gives up within the function timeout in AWS: every attempt, connecting included, has a limit', () => {
    const { connectionTimeout, requestTimeout } = dbTimeouts({ dynamodbEndpoint: undefined });
    expect(DB_MAX_ATTEMPTS * (connectionTimeout + requestTimeout)).toBeLessThan(FUNCTION_TIMEOUT_MS);
  });

  it('gives every request a database deadline: under 5 s locally, within the function timeout in AWS', () => {
    expect(requestBudgetMs({ dynamodbEndpoint: 'http://127.0.0.1:8000' })).toBeLessThan(5_000);
    expect(requestBudgetMs({ dynamodbEndpoint: undefined })).toBeLessThan(FUNCTION_TIMEOUT_MS);
    // A function with less time left stops waiting a second before it is killed.
    expect(requestBudgetMs({ dynamodbEndpoint: undefined }, 4_000)).toBe(3_000);
    // A deployment (or a test) may set its own budget: DATABASE_BUDGET_MS.
    expect(requestBudgetMs({ dynamodbEndpoint: 'http://127.0.0.1:8000', databaseBudgetMs: 8_000 })).toBe(8_000);
  });

  it('ends the request with 503 and Retry-After', async () => {
    const config = parseConfig({ ...process.env, DYNAMODB_ENDPOINT: endpoint });
    const deps = { db: createDb(config, { connectionTimeout: 200, requestTimeout: 300 }), clock: systemClock, config };
    const handler = apiHandler(
      routes.listCustomers,
      () => [],
      () => deps,
    );
    const stderr = captureStderr();
    const started = Date.now();

    const result = await invoke(
      handler,
      apiEvent({ path: '/api/v2/customers', headers: { authorization: `Bearer ${apiKeyFor()}` } }),
    ).finally(() => stderr.restore());

    expect(Date.now() - started).toBeLessThan(FUNCTION_TIMEOUT_MS);
    expect(result.statusCode).toBe(503);
    expect(headerOf(result, 'retry-after')).toBe('1');
    expect(bodyOf(result)).toEqual({ error: 'Service temporarily unavailable, please retry' });
    expect(sockets.length).toBeGreaterThanOrEqual(1);
  });

  it("ends a console request at the request's deadline too, its session read included", async () => {
    // Attempts far longer than the deadline: only the deadline can end this request in time.
    const config = parseConfig({ ...process.env, DYNAMODB_ENDPOINT: endpoint, DATABASE_BUDGET_MS: '500' });
    const deps = {
      db: createDb(config, { connectionTimeout: 60_000, requestTimeout: 60_000 }),
      clock: systemClock,
      config,
    };
    const handler = apiHandler(
      routes.consoleListMembers,
      () => [],
      () => deps,
    );
    const stderr = captureStderr();
    const started = Date.now();

    const result = await invoke(
      handler,
      apiEvent({
        path: '/api/console/members',
        headers: { cookie: `console_session=${'a'.repeat(43)}` },
      }),
    ).finally(() => stderr.restore());

    expect(Date.now() - started).toBeLessThan(FUNCTION_TIMEOUT_MS);
    expect(result.statusCode).toBe(503);
  });

  it('aborts every call under one deadline together, with one timer that is gone once the work ends', async () => {
    const config = parseConfig({ ...process.env, DYNAMODB_ENDPOINT: endpoint });
    const db = createDb(config, { connectionTimeout: 60_000, requestTimeout: 60_000 });
    const read = () => db.client.send(new GetCommand({ TableName: db.tableName, Key: { pk: 'A', sk: 'B' } }));
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const started = Date.now();

    const outcomes = await withDatabaseDeadline(Date.now() + 300, () => Promise.allSettled([read(), read(), read()]));

    expect(Date.now() - started).toBeLessThan(5_000);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(((outcome as PromiseRejectedResult).reason as Error).name).toBe('AbortError');
    }
    // The SDK's own timers for the aborted attempts are cleared with them; the deadline's once the work settled.
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('leaves no deadline timer behind when the work ends before its deadline', async () => {
    // A port nobody listens on: every attempt is refused at once, long before the deadline.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    const refusing = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const config = parseConfig({ ...process.env, DYNAMODB_ENDPOINT: refusing });
    const db = createDb(config, { connectionTimeout: 60_000, requestTimeout: 60_000 });
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();

    const outcome = await withDatabaseDeadline(Date.now() + 60_000, () =>
      db.client.send(new GetCommand({ TableName: db.tableName, Key: { pk: 'A', sk: 'B' } })).then(
        () => 'answered',
        (error: Error) => (error as { code?: string }).code,
      ),
    );

    expect(outcome).toBe('ECONNREFUSED');
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
