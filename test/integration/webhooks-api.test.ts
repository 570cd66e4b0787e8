import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { components } from '#infra/openapi/generated/api-types.ts';
import { keys } from '#shared/db/keys.ts';
import { deliveryIdFor } from '#shared/webhooks/send-webhooks.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';
import { busEventMessage, customerCreated, receive, senderTestDeps } from '#test/support/webhooks/sender.ts';

const deps = integrationDeps();
const { request } = useApi();

/** As the OpenAPI document describes it; `secret` only in the create and rotate responses. */
type Endpoint = components['schemas']['WebhookEndpoint'] & { secret?: string };

const ENDPOINT_NOT_FOUND = { error: 'Webhook endpoint not found' };
const MISSING_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

async function givenEndpoint(key: string, body: Record<string, unknown> = {}) {
  const res = await setupRequest(
    'create webhook endpoint',
    () =>
      request<Endpoint>('POST', '/webhooks/endpoints', {
        key,
        body: { url: 'https://hooks.example.com/payouts', ...body },
      }),
    201,
  );
  return res.body;
}

describe('webhook endpoints API against DynamoDB Local', () => {
  it('creates an endpoint with a signing secret that is shown only on creation', async () => {
    const org = await givenOrganization(deps);

    const created = await givenEndpoint(org.apiKey, { eventTypes: ['customer.created'], description: 'CRM sync' });

    expect(created).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/payouts',
      description: 'CRM sync',
      eventTypes: ['customer.created'],
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const fetched = await request<Endpoint>('GET', `/webhooks/endpoints/${created.id}`, { key: org.apiKey });
    const { secret: _secret, ...withoutSecret } = created;
    expect(fetched).toMatchObject({ status: 200, body: withoutSecret });
    expect(JSON.stringify(fetched.body)).not.toContain('whsec_');
  });

  it('lists endpoints newest first, subscribes to every type when eventTypes is omitted, and never shows secrets', async () => {
    const org = await givenOrganization(deps);
    const first = await givenEndpoint(org.apiKey);
    const second = await givenEndpoint(org.apiKey, { url: 'https://hooks.example.com/second' });

    const listed = await request<Endpoint[]>('GET', '/webhooks/endpoints', { key: org.apiKey });

    expect(listed.body.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(listed.body.every((e) => e.eventTypes === null && !('secret' in e))).toBe(true);
  });

  it('updates url, event types and description, and goes back to all types with eventTypes null', async () => {
    const org = await givenOrganization(deps);
    const endpoint = await givenEndpoint(org.apiKey, { eventTypes: ['customer.created'], description: 'old' });
    const path = `/webhooks/endpoints/${endpoint.id}`;

    const patched = await request<Endpoint>('PATCH', path, {
      key: org.apiKey,
      body: { url: 'https://hooks.example.com/v2', eventTypes: ['customer.kyc.approved', 'customer.kyc.approved'] },
    });
    const reset = await request<Endpoint>('PATCH', path, {
      key: org.apiKey,
      body: { eventTypes: null, description: null },
    });

    expect(patched.body).toMatchObject({ url: 'https://hooks.example.com/v2', eventTypes: ['customer.kyc.approved'] });
    expect(reset).toMatchObject({ status: 200, body: { eventTypes: null, description: null } });
    expect(reset.body.updatedAt >= patched.body.updatedAt).toBe(true);
  });

  it('rotates the secret, showing the new one once', async () => {
    const org = await givenOrganization(deps);
    const endpoint = await givenEndpoint(org.apiKey);

    const rotated = await request<Endpoint>('POST', `/webhooks/endpoints/${endpoint.id}/rotate-secret`, {
      key: org.apiKey,
    });

    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const { Item } = await deps.db.client.send(
      new GetCommand({ TableName: deps.db.tableName, Key: keys.webhookEndpoint(org.organizationId, endpoint.id) }),
    );
    expect(Item?.signing).toEqual({
      secret: rotated.body.secret,
      previous: { secret: endpoint.secret, expiresAt: expect.any(String) },
    });
  });

  it('deletes an endpoint, which then is not found', async () => {
    const org = await givenOrganization(deps);
    const endpoint = await givenEndpoint(org.apiKey);
    const path = `/webhooks/endpoints/${endpoint.id}`;

    expect(await request('DELETE', path, { key: org.apiKey })).toMatchObject({ status: 200, body: { success: true } });
    expect(await request('DELETE', path, { key: org.apiKey })).toMatchObject({ status: 404, body: ENDPOINT_NOT_FOUND });
    expect(await request('GET', path, { key: org.apiKey })).toMatchObject({ status: 404, body: ENDPOINT_NOT_FOUND });
  });

  it("keeps a deleted endpoint's delivery history readable, to its organization only, and sends nothing more", async () => {
    const t = senderTestDeps({ answer: () => 500 });
    const org = await givenOrganization(deps);
    const other = await givenOrganization(deps);
    const endpoint = await givenEndpoint(org.apiKey);
    await receive(t.deps, busEventMessage(customerCreated(org.organizationId, new Date()).envelope));
    const deliveries = `/webhooks/endpoints/${endpoint.id}/deliveries`;
    const before = await request<{ id: string }[]>('GET', deliveries, { key: org.apiKey });

    await request('DELETE', `/webhooks/endpoints/${endpoint.id}`, { key: org.apiKey });
    const after = await request<{ id: string; endpointId: string }[]>('GET', deliveries, { key: org.apiKey });
    const retried = await request('POST', `/webhooks/deliveries/${before.body[0]?.id}/retry`, { key: org.apiKey });

    expect(before.body).toHaveLength(1);
    expect(after).toMatchObject({ status: 200, body: before.body });
    expect(after.body[0]?.endpointId).toBe(endpoint.id);
    // Nothing is sent to a deleted endpoint; another organization still finds nothing there.
    expect(retried).toMatchObject({ status: 404, body: ENDPOINT_NOT_FOUND });
    expect(await request('GET', deliveries, { key: other.apiKey })).toMatchObject({
      status: 404,
      body: ENDPOINT_NOT_FOUND,
    });
    expect(await request('GET', `/webhooks/endpoints/${endpoint.id}`, { key: org.apiKey })).toMatchObject({
      status: 404,
      body: ENDPOINT_NOT_FOUND,
    });
    expect((await request<Endpoint[]>('GET', '/webhooks/endpoints', { key: org.apiKey })).body).toEqual([]);
  });

  it('stores a webhook.test event aimed at the endpoint, through the same outbox as every event', async () => {
    const org = await givenOrganization(deps);
    const endpoint = await givenEndpoint(org.apiKey);

    const sent = await request<{ eventId: string }>('POST', `/webhooks/endpoints/${endpoint.id}/test`, {
      key: org.apiKey,
    });

    expect(sent).toMatchObject({ status: 202, body: { eventId: expect.any(String), eventType: 'webhook.test' } });
    const { Item } = await deps.db.client.send(
      new GetCommand({ TableName: deps.db.tableName, Key: keys.event(sent.body.eventId) }),
    );
    expect(Item).toMatchObject({
      entity: 'EVENT',
      targetEndpointId: endpoint.id,
      envelope: { event_type: 'webhook.test', org_id: org.organizationId, data: {} },
    });
  });

  it('lists deliveries and accepts a retry with 202', async () => {
    // The receiver fails the first attempt: the delivery waits for its retry.
    const t = senderTestDeps({ answer: () => 500 });
    const org = await givenOrganization(deps);
    const endpoint = await givenEndpoint(org.apiKey);
    await receive(t.deps, busEventMessage(customerCreated(org.organizationId, new Date()).envelope));

    const listed = await request<{ id: string; status: string }[]>(
      'GET',
      `/webhooks/endpoints/${endpoint.id}/deliveries`,
      { key: org.apiKey },
    );
    const retried = await request('POST', `/webhooks/deliveries/${listed.body[0]?.id}/retry`, { key: org.apiKey });

    expect(listed.body).toEqual([
      expect.objectContaining({
        eventType: 'customer.created',
        status: 'PENDING',
        attempts: 1,
        endpointId: endpoint.id,
      }),
    ]);
    expect(retried).toMatchObject({ status: 202, body: { id: listed.body[0]?.id, status: 'PENDING' } });
    expect(await request('POST', `/webhooks/deliveries/${MISSING_ID}/retry`, { key: org.apiKey })).toMatchObject({
      status: 404,
      body: { error: 'Webhook delivery not found' },
    });
  });

  it("answers 404 for another organization's endpoint and delivery, and changes nothing", async () => {
    const t = senderTestDeps();
    const a = await givenOrganization(deps);
    const b = await givenOrganization(deps);
    const endpoint = await givenEndpoint(a.apiKey);
    const event = customerCreated(a.organizationId, new Date());
    await receive(t.deps, busEventMessage(event.envelope));
    const deliveryId = deliveryIdFor(event.envelope.event_id, endpoint.id);
    const base = `/webhooks/endpoints/${endpoint.id}`;

    for (const [method, path, body] of [
      ['GET', base],
      ['PATCH', base, { description: 'taken over' }],
      ['DELETE', base],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
    ] as const) {
      const res = await request(method, path, { key: b.apiKey, ...(body ? { body } : {}) });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: ENDPOINT_NOT_FOUND });
    }
    expect(await request('POST', `/webhooks/deliveries/${deliveryId}/retry`, { key: b.apiKey })).toMatchObject({
      status: 404,
      body: { error: 'Webhook delivery not found' },
    });
    expect(await request('GET', '/webhooks/endpoints', { key: b.apiKey })).toMatchObject({ status: 200, body: [] });
    const { secret: _secret, ...unchanged } = endpoint;
    expect((await request('GET', base, { key: a.apiKey })).body).toEqual(unchanged);
  });

  it('refuses malformed requests with the field named and stores nothing', async () => {
    const org = await givenOrganization(deps);
    const attempts: [string, string, unknown, string][] = [
      ['POST', '/webhooks/endpoints', { url: 'not a url' }, 'url: Must be an http or https URL'],
      ['POST', '/webhooks/endpoints', { url: 'ftp://files.example.com/' }, 'url: Must be an http or https URL'],
      ['POST', '/webhooks/endpoints', {}, 'url: Required'],
      ['POST', '/webhooks/endpoints', { url: 'https://a.example.com', secret: 'mine' }, 'secret: Unrecognized field'],
      [
        'POST',
        '/webhooks/endpoints',
        { url: 'https://a.example.com', eventTypes: ['customer.created', 'customer.deleted'] },
        expect.stringMatching(/^eventTypes\[1\]: Must be one of: customer\.created, /) as unknown as string,
      ],
      [
        'POST',
        '/webhooks/endpoints',
        { url: 'https://a.example.com', eventTypes: [] },
        expect.stringMatching(/^eventTypes: /) as unknown as string,
      ],
      [
        'POST',
        '/webhooks/endpoints',
        { url: 'https://a.example.com', description: 'x'.repeat(501) },
        'description: Must be at most 500 characters',
      ],
      ['GET', '/webhooks/endpoints/not-a-uuid', undefined, 'endpointId: Must be a UUID'],
      ['POST', '/webhooks/deliveries/not-a-uuid/retry', undefined, 'deliveryId: Must be a UUID'],
    ];
    for (const [method, path, body, error] of attempts) {
      const res = await request(method, path, { key: org.apiKey, ...(body === undefined ? {} : { body }) });
      expect(res, `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({ status: 400, body: { error } });
    }
    expect(await request('GET', '/webhooks/endpoints', { key: org.apiKey })).toMatchObject({ body: [] });
  });

  it('refuses private, loopback, metadata and plain-http URLs for live organizations, naming url', async () => {
    const live = await givenOrganization(deps, { environment: 'live' });
    const refused: [string, string][] = [
      ['http://169.254.169.254/', 'url: Must not point to a metadata address'],
      ['http://10.0.0.1/', 'url: Must not point to a private address'],
      ['http://localhost', 'url: Must not point to a loopback address'],
      ['https://[::1]:8443/', 'url: Must not point to a loopback address'],
      ['http://hooks.example.com/', 'url: Must use https'],
    ];
    for (const [url, error] of refused) {
      const res = await request('POST', '/webhooks/endpoints', { key: live.apiKey, body: { url } });
      expect(res, url).toMatchObject({ status: 400, body: { error } });
    }
    const endpoint = await givenEndpoint(live.apiKey);
    expect(
      await request('PATCH', `/webhooks/endpoints/${endpoint.id}`, {
        key: live.apiKey,
        body: { url: 'https://192.168.0.10/' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'url: Must not point to a private address' } });
  });

  it('lets sandbox organizations use http and loopback, and needs no customers feature', async () => {
    const org = await givenOrganization(deps, { customers: false });

    const created = await givenEndpoint(org.apiKey, { url: 'http://localhost:4000/hook' });

    expect(created.url).toBe('http://localhost:4000/hook');
  });
});
