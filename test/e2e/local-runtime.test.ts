import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';

const UNAUTHORIZED = { error: 'Unauthorized - Invalid or missing API key or session' };

describe('npm start, driven over HTTP as a user would', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-'));
  let runtime: Runtime;
  // Through the runtime's own helper, so every response is checked against the OpenAPI document.
  const api: ApiCall = (method, path, options) => runtime.api(method, path, options);

  beforeAll(async () => {
    runtime = await startRuntime(dataDir);
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves health without a key and prints a working sandbox key with a first curl', async () => {
    expect(await api('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const local = runtime.localJson();
    expect(local.apiKey).toMatch(/^sk_sandbox_/);
    expect(runtime.output()).toContain(local.apiKey);
    expect(runtime.output()).toContain(`curl -H "Authorization: Bearer ${local.apiKey}" ${local.apiUrl}/customers`);
    const listed = await api('GET', '/customers', { key: local.apiKey });
    expect(listed).toMatchObject({ status: 200, body: [] });
    expect(listed.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers bad input with the exact error shape and writes nothing', async () => {
    const { apiKey } = runtime.localJson();
    const valid = { name: 'Jane Doe', accountType: 'individual', email: 'jane@example.com' };
    expect(await api('GET', '/customers')).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await api('GET', '/customers', { key: 'sk_sandbox_not-a-key' })).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect(await api('POST', '/customers', { key: apiKey, body: '{"name":' })).toMatchObject({
      status: 400,
      body: { error: 'Invalid JSON body' },
    });
    expect(
      await api('POST', '/customers', { key: apiKey, body: JSON.stringify({ ...valid, role: 'admin' }) }),
    ).toMatchObject({
      status: 400,
      body: { error: 'role: Unrecognized field' },
    });
    expect(
      await api('POST', '/customers', { key: apiKey, body: JSON.stringify({ ...valid, name: 'x'.repeat(65 * 1024) }) }),
    ).toMatchObject({ status: 413 });
    expect(await api('GET', '/no/such/route', { key: apiKey })).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
    expect(await api('GET', '/customers', { key: apiKey })).toMatchObject({ status: 200, body: [] });
  });

  it('creates organizations and keys with the admin CLI that work and stop working at once', async () => {
    const acme = await admin(dataDir, 'org', 'create', '--name', 'Acme', '--no-api-withdrawals');
    expect(acme).toMatchObject({ organizationId: expect.any(String), apiKey: expect.stringMatching(/^sk_sandbox_/) });
    const key = String(acme.apiKey);
    const created = await api('POST', '/customers', {
      key,
      body: JSON.stringify({ name: 'Jane Doe', accountType: 'individual', email: 'jane@example.com' }),
    });
    expect(created.status).toBe(201);
    const customerId = (created.body as { customerId: string }).customerId;

    const other = runtime.localJson().apiKey;
    expect(await api('GET', `/customers/${customerId}`, { key: other })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });

    await admin(dataDir, 'org', 'update', String(acme.organizationId), '--customers', 'off');
    expect(await api('GET', `/customers/${customerId}`, { key })).toMatchObject({
      status: 403,
      body: { error: 'Customers feature is not enabled for your organization' },
    });

    await admin(dataDir, 'key', 'revoke', String(acme.apiKeyId));
    expect(await api('GET', '/customers', { key })).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });

  it('stops cleanly on Ctrl-C and keeps every record, the chain key, token addresses and RPC port across a restart', async () => {
    const { apiKey, organizationId, chains } = runtime.localJson();
    const created = await api('POST', '/customers', {
      key: apiKey,
      body: JSON.stringify({ name: 'Kept Across Restarts', accountType: 'corporate', email: 'ops@kept.example' }),
    });
    expect(created.status).toBe(201);

    await runtime.stop('SIGINT');
    expect(runtime.output()).toContain('SIGINT received, stopping...');
    expect(runtime.output()).toMatch(/Stopped\.\n$/);

    // Restarted with PORT=0, which the next test checks: one restart for both (a start is seconds of the file).
    runtime = await startRuntime(dataDir, { PORT: '0' });
    expect(runtime.localJson()).toMatchObject({ apiKey, organizationId });
    expect(chains?.length).toBeGreaterThan(0);
    expect(runtime.localJson().chains).toEqual(chains);
    expect(runtime.output()).toContain('kept from the last start: the key, the token addresses, the port.');
    expect(runtime.output()).toContain('NOT kept: balances and transactions on the chain');
    const listed = await api('GET', '/customers', { key: apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
  });

  it('serves on the port the OS picks with PORT=0, and names that port in the console and owner invite URLs', async () => {
    const local = runtime.localJson();
    const { origin, port } = new URL(local.apiUrl);
    expect(Number(port)).toBeGreaterThan(0);
    expect(await api('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(local.consoleUrl).toBe(`${origin}/console/`);
    expect(runtime.output()).toContain(`Console          ${origin}/console/`);
    const invite = new URL(local.ownerInviteUrl ?? '');
    expect(invite.origin).toBe(origin);
    const page = await fetch(invite);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
