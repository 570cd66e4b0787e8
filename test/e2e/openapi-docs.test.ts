import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '#infra/openapi/generated/api-types.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { EVENT_TYPES } from '#shared/events/contracts.ts';
import { operationProse } from '#shared/openapi/prose.ts';
import { GETTING_STARTED, GETTING_STARTED_TAG } from '#shared/openapi/sections.ts';
import { routeList, routes } from '#shared/routes.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { type Contract, contractOf, observe } from '#test/support/openapi-contract.ts';

const execFileAsync = promisify(execFile);
const ARTIFACTS = join(REPO_ROOT, 'test/e2e/artifacts');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/;
/** The public reference's routes: every one but the console's own (a session cookie only; not for integrators). */
const publicRoutes = routeList.filter((route) => !route.console);

/** The README's TypeScript example, between its markers, exactly as a reader copies it. */
function readmeClientExample(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const block = /<!-- typed-client-example -->\s*```ts\n([\s\S]*?)```\s*<!-- \/typed-client-example -->/.exec(readme);
  if (!block?.[1]) throw new Error('README.md has no typed-client-example block');
  return block[1];
}

describe('API documentation on npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-docs-'));
  let runtime: Runtime;
  let apiKey: string;
  let contract: Contract;

  beforeAll(async () => {
    // No local chain: nothing here is on one, and its node, mining a block a second, and its watchers would load
    // the cores the other test file running meanwhile needs.
    runtime = await startRuntime(dataDir, { LOCAL_CHAIN: 'off' });
    apiKey = runtime.localJson().apiKey;
    const document = await runtime.api<object>('GET', '/openapi.json');
    contract = contractOf(document.body);
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the OpenAPI 3.1 document without a key, with an operation for every route but the console's", async () => {
    const { status, body } = await runtime.api<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/openapi.json',
    );

    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const route of routeList) {
      const operation = body.paths[route.path]?.[route.method.toLowerCase()];
      if (route.console) expect(operation, route.operationId).toBeUndefined();
      else expect(operation, route.operationId).toBeDefined();
    }
  });

  it('is called through the typed client generated from the document, each response held to it', async () => {
    const api = createClient<paths>({ baseUrl: runtime.baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
    api.use({
      onResponse: async ({ request, response }) => {
        contract.check(await observe(request.method, request.url, response.clone()));
      },
    });

    const created = await api.POST('/api/v2/customers', {
      body: { name: 'Grace Hopper', accountType: 'individual', email: 'grace@example.com' },
    });
    const customerId = created.data?.customerId ?? '';
    const fetched = await api.GET('/api/v2/customers/{customerId}', { params: { path: { customerId } } });
    const listed = await api.GET('/api/v2/customers', { params: { query: { limit: '1' } } });
    const missing = await api.GET('/api/v2/customers/{customerId}', {
      params: { path: { customerId: '3b241101-e2bb-4255-8caf-4136c566a962' } },
    });

    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Grace Hopper', kycStatus: 'NOT_STARTED', kycVerified: false });
    expect(fetched.data).toEqual(created.data);
    expect(listed.data?.map((customer) => customer.customerId)).toEqual([customerId]);
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ error: 'Customer not found' });
  });

  it("runs the README's typed-client example as written", async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // Inside the repository, so its imports resolve as they do for a reader of the README.
    const file = join(ARTIFACTS, 'readme-client-example.ts');
    writeFileSync(file, readmeClientExample().replace('http://localhost:3000', runtime.baseUrl));
    try {
      const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', file], {
        cwd: REPO_ROOT,
        env: { ...process.env, API_KEY: apiKey },
      });

      expect(stdout.trim()).toMatch(new RegExp(`^created ${UUID.source} \\(NOT_STARTED\\)$`));
      const customerId = UUID.exec(stdout)?.[0] ?? '';
      expect((await runtime.api('GET', `/customers/${customerId}`, { key: apiKey })).body).toMatchObject({
        name: 'Ada Lovelace',
      });
    } finally {
      rmSync(file, { force: true });
    }
  });

  describe('the docs page in headless Chromium', () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    });

    afterAll(async () => {
      await browser?.close();
    });

    it('renders the operations of every area and the webhook events, offline, from files the service serves', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
      const page = await context.newPage();
      const origin = new URL(runtime.baseUrl).origin;
      const elsewhere: string[] = [];
      const problems: string[] = [];
      // Offline: any request to another origin (a CDN, a validator badge) is refused and recorded.
      await context.route('**/*', (route) => {
        if (new URL(route.request().url()).origin === origin) return route.continue();
        elsewhere.push(route.request().url());
        return route.abort();
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });

      const response = await page.goto(`${runtime.baseUrl}/docs`);
      await page.locator('.opblock-tag-section').first().waitFor({ timeout: 30_000 });
      await page.getByText('withdrawal.status_changed', { exact: false }).first().waitFor();
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'docs-page.png'), fullPage: true });

      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.title()).resolves.toBe('Payout service API');
      // Swagger UI's deep-link ids write a tag's spaces as underscores.
      const tagId = (tag: string) => tag.replace(/\s/g, '_');
      for (const tag of new Set(publicRoutes.map((route) => route.tag))) {
        expect(await page.locator(`[id="operations-tag-${tagId(tag)}"]`).count(), `tag ${tag}`).toBe(1);
      }
      // The sections in reading order: getting started first, the sandbox last; its calls in the walkthrough's order.
      const sections = await page
        .locator('.opblock-tag-section h3')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-tag')));
      expect(sections[0]).toBe(GETTING_STARTED_TAG);
      expect(sections.at(-1)).toBe('Sandbox');
      const started = await page
        .locator(`[id^="operations-${tagId(GETTING_STARTED_TAG)}-"]`)
        .evaluateAll((nodes) => nodes.map((node) => node.id.split('-').at(-1)));
      expect(started).toEqual(GETTING_STARTED.map((step) => step.operationId));
      for (const route of publicRoutes) {
        const operation = page.locator(`[id="operations-${tagId(route.tag)}-${route.operationId}"]`);
        expect(await operation.isVisible(), route.operationId).toBe(true);
        expect(await operation.locator('.opblock-summary-path').textContent()).toBe(route.path);
        expect(await operation.locator('.opblock-summary-description').textContent()).toBe(
          operationProse(route).summary,
        );
      }
      expect(await page.getByRole('heading', { name: 'Webhooks', exact: true }).isVisible()).toBe(true);
      expect(await page.locator('.opblock-summary-path').allTextContents()).toEqual(
        expect.arrayContaining([...EVENT_TYPES]),
      );

      // An operation opens on its examples: the request body and the documented responses.
      const createCustomer = page.locator('[id="operations-Customers-createCustomer"]');
      await createCustomer.locator('.opblock-summary').click();
      await createCustomer.locator('.responses-table').waitFor();
      await createCustomer.screenshot({ path: join(ARTIFACTS, 'docs-create-customer.png') });
      const opened = (await createCustomer.textContent()) ?? '';
      expect(opened).toContain('ada@example.com');
      expect(opened).toContain('3b241101-e2bb-4255-8caf-4136c566a962');
      for (const status of Object.keys(routes.createCustomer.responses)) expect(opened).toContain(status);

      // The Authorize dialog offers the key alone, and says where keys come from.
      await page.locator('.btn.authorize').click();
      const dialog = page.locator('.dialog-ux .modal-ux');
      await dialog.waitFor();
      const offered = (await dialog.textContent()) ?? '';
      expect(offered).toContain('bearerAuth');
      expect(offered).toContain('npm start');
      expect(offered).toContain('API keys');
      expect(offered).not.toContain('console_session');

      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});
