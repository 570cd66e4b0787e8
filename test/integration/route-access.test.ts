import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '#infra/local/server.ts';
import { routes } from '#shared/routes.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * The local runtime holds every route to the table access it declares, as the function's IAM policy does in
 * AWS: here, list customers declared without the index it queries.
 */
const underDeclared = { ...routes.listCustomers, access: { table: 'read' as const } };

const deps = integrationDeps();
let server: LocalServer | undefined;
const logLevel = process.env.LOG_LEVEL;

beforeAll(async () => {
  // The configuration is read when the server starts; the denial is logged at error level.
  process.env.LOG_LEVEL = 'error';
  server = await startLocalServer({ routes: [underDeclared, routes.getCustomer], port: 0 });
});
afterAll(async () => {
  await server?.close();
  if (logLevel === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = logLevel;
});

const get = (path: string, apiKey: string) =>
  fetch(`${server?.url}/api/v2${path}`, { headers: { authorization: `Bearer ${apiKey}` } });

describe('route access in the local runtime', () => {
  it('answers 500 and logs AccessDenied when a route queries an index it did not declare', async () => {
    const org = await givenOrganization(deps);
    const stderr = captureStderr();

    const response = await get('/customers', org.apiKey).finally(() => stderr.restore());

    expect(response.status).toBe(500);
    expect(stderr.text()).toContain('AccessDeniedException');
    expect(stderr.text()).toContain('Route listCustomers may not call QueryCommand');
  });

  it('lets a route do what it declared', async () => {
    const org = await givenOrganization(deps);

    const response = await get('/customers/3b241101-e2bb-4255-8caf-4136c566a962', org.apiKey);

    expect(response.status).toBe(404);
  });
});
