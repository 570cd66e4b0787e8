import { describe, expect, it } from 'vitest';
import { customerEvents } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

const deps = integrationDeps();
const { request } = useApi();

type Customer = {
  customerId: string;
  name: string;
  kycStatus: string;
  kycVerified: boolean;
  verifiedName: string | null;
};

const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jane Doe',
  accountType: 'individual',
  email: 'jane@example.com',
  ...overrides,
});

/** Test-only: reads the event records of one customer (request code never scans). */
async function eventsOfCustomer(customerId: string) {
  return customerEvents(deps, customerId);
}

describe('customers against DynamoDB Local', () => {
  it('creates a customer and its customer.created event record together', async () => {
    const org = await givenOrganization(deps);
    const created = await request<Customer>('POST', '/customers', {
      key: org.apiKey,
      body: newCustomer({ expectedMonthlyVolume: '2500.5' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Jane Doe',
      kycStatus: 'NOT_STARTED',
      kycVerified: false,
      // Compose answers a JSON number (the stored value keeps two decimals).
      expectedMonthlyVolume: 2500.5,
    });
    const fetched = await request<Customer>('GET', `/customers/${created.body.customerId}`, { key: org.apiKey });
    expect(fetched.body).toEqual(created.body);
    const events = await eventsOfCustomer(created.body.customerId);
    expect(events).toEqual([expect.objectContaining({ event_type: 'customer.created', org_id: org.organizationId })]);
  });

  it('pages through customers newest first with a Link header, each exactly once', async () => {
    const org = await givenOrganization(deps);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request<Customer>('POST', '/customers', {
        key: org.apiKey,
        body: newCustomer({ name: `Customer ${i}` }),
      });
      ids.push(res.body.customerId);
    }
    const seen: string[] = [];
    let next: string | undefined = '/customers?limit=2';
    let pages = 0;
    while (next) {
      const page: Awaited<ReturnType<typeof request<Customer[]>>> = await request<Customer[]>('GET', next, {
        key: org.apiKey,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.map((c) => c.customerId));
      const link = page.headers.get('link');
      next = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
  });

  it('lists exactly `limit` items without a Link header when nothing more exists', async () => {
    const org = await givenOrganization(deps);
    for (let i = 0; i < 2; i++) await request('POST', '/customers', { key: org.apiKey, body: newCustomer() });
    const page = await request<Customer[]>('GET', '/customers?limit=2', { key: org.apiKey });
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('link')).toBeNull();
  });

  it("refuses a cursor taken from another organization's list", async () => {
    const a = await givenOrganization(deps);
    const b = await givenOrganization(deps);
    for (let i = 0; i < 2; i++) await request('POST', '/customers', { key: a.apiKey, body: newCustomer() });
    const page = await request('GET', '/customers?limit=1', { key: a.apiKey });
    const cursor = new URL(/<([^>]+)>/.exec(page.headers.get('link') ?? '')?.[1] ?? '').searchParams.get('cursor');
    const stolen = await request('GET', `/customers?cursor=${cursor}`, { key: b.apiKey });
    expect(stolen).toMatchObject({ status: 400, body: { error: 'cursor: Invalid cursor' } });
  });

  it("answers 404 for another organization's customer and changes nothing", async () => {
    const a = await givenOrganization(deps);
    const b = await givenOrganization(deps);
    const { body: customer } = await request<Customer>('POST', '/customers', { key: a.apiKey, body: newCustomer() });
    for (const [method, path] of [
      ['GET', `/customers/${customer.customerId}`],
      ['POST', `/customers/${customer.customerId}/kyc`],
      ['GET', `/customers/${customer.customerId}/kyc/address`],
      ['POST', `/sandbox/customers/${customer.customerId}/kyc/approve`],
      ['POST', `/sandbox/customers/${customer.customerId}/kyc/reject`],
    ] as const) {
      const res = await request(method, path, { key: b.apiKey });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
    }
    const after = await request<Customer>('GET', `/customers/${customer.customerId}`, { key: a.apiKey });
    expect(after.body).toEqual(customer);
    expect(await request('GET', '/customers', { key: b.apiKey })).toMatchObject({ body: [] });
  });

  it('writes nothing for bad input', async () => {
    const org = await givenOrganization(deps);
    const attempts = [
      { rawBody: '{"name": "Jane"', expected: [400, 'Invalid JSON body'] },
      { body: newCustomer({ nickname: 'JD' }), expected: [400, 'nickname: Unrecognized field'] },
      { body: newCustomer({ email: 'not-an-email' }), expected: [400, 'Please enter a valid email address'] },
      { body: newCustomer({ name: 'x'.repeat(70 * 1024) }), expected: [413, 'Request body exceeds 64 KiB'] },
      {
        body: newCustomer(),
        key: 'sk_sandbox_unknownunknownunknownunknown12',
        expected: [401, 'Unauthorized - Invalid or missing API key or session'],
      },
    ] as const;
    for (const attempt of attempts) {
      const res = await request('POST', '/customers', { key: 'key' in attempt ? attempt.key : org.apiKey, ...attempt });
      expect(res).toMatchObject({ status: attempt.expected[0], body: { error: attempt.expected[1] } });
    }
    expect(await request('GET', '/customers', { key: org.apiKey })).toMatchObject({ status: 200, body: [] });
  });
});

describe('KYC against DynamoDB Local', () => {
  it('approves in the sandbox with the verified identity and then serves the KYC address', async () => {
    const org = await givenOrganization(deps);
    const { body: customer } = await request<Customer>('POST', '/customers', { key: org.apiKey, body: newCustomer() });
    expect(await request('GET', `/customers/${customer.customerId}/kyc/address`, { key: org.apiKey })).toMatchObject({
      status: 403,
      body: { error: 'Customer KYC verification must be completed before retrieving address' },
    });
    const link = await request<{ kycVerified: boolean; kycFlowLink: string }>(
      'POST',
      `/customers/${customer.customerId}/kyc`,
      { key: org.apiKey },
    );
    expect(link.body.kycVerified).toBe(false);
    expect(link.body.kycFlowLink).toMatch(/^https:\/\//);
    expect(
      (await request<Customer>('GET', `/customers/${customer.customerId}`, { key: org.apiKey })).body.kycStatus,
    ).toBe('PENDING');

    const address = { addressLine1: 'Hauptstraße 5', city: 'München', country: 'de', postalCode: '80331' };
    const approved = await request<Customer>('POST', `/sandbox/customers/${customer.customerId}/kyc/approve`, {
      key: org.apiKey,
      body: { verifiedName: 'Jane Mary Doe', address },
    });
    expect(approved).toMatchObject({
      status: 200,
      body: { kycStatus: 'APPROVED', kycVerified: true, verifiedName: 'Jane Mary Doe' },
    });
    const kycAddress = await request('GET', `/customers/${customer.customerId}/kyc/address`, { key: org.apiKey });
    expect(kycAddress).toMatchObject({ status: 200, body: { ...address, country: 'DE' } });
    expect(await request(`POST`, `/customers/${customer.customerId}/kyc`, { key: org.apiKey })).toMatchObject({
      body: { kycVerified: true, kycFlowLink: null },
    });
    const types = (await eventsOfCustomer(customer.customerId)).map((e) => e.event_type).sort();
    expect(types).toEqual(['customer.created', 'customer.kyc.approved']);
  });

  it('refuses a KYC link for corporates', async () => {
    const org = await givenOrganization(deps);
    const { body: customer } = await request<Customer>('POST', '/customers', {
      key: org.apiKey,
      body: newCustomer({ accountType: 'corporate', name: 'Acme GmbH' }),
    });
    expect(await request('POST', `/customers/${customer.customerId}/kyc`, { key: org.apiKey })).toMatchObject({
      status: 400,
      body: { error: 'KYC link generation is not available for corporate customers' },
    });
  });

  it('lets exactly one of several concurrent approvals win', async () => {
    const org = await givenOrganization(deps);
    const { body: customer } = await request<Customer>('POST', '/customers', { key: org.apiKey, body: newCustomer() });
    // Approvals only: whichever order they land in, the first wins and every later one finds the customer
    // changed (409), so the outcome does not depend on how the requests overlap.
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        request('POST', `/sandbox/customers/${customer.customerId}/kyc/approve`, { key: org.apiKey }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await eventsOfCustomer(customer.customerId)).toHaveLength(2);
  });

  it('hides sandbox routes from live organizations', async () => {
    const org = await givenOrganization(deps, { environment: 'live' });
    const { body: customer } = await request<Customer>('POST', '/customers', { key: org.apiKey, body: newCustomer() });
    expect(org.apiKey).toMatch(/^sk_live_/);
    expect(
      await request('POST', `/sandbox/customers/${customer.customerId}/kyc/approve`, { key: org.apiKey }),
    ).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
  });
});
