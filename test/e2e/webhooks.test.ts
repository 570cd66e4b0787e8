import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#shared/openapi/api-types.ts';
import { admin, type Runtime, startRuntime, untilDatabaseReleased } from '#test/e2e/support/local-runtime.ts';
import { eventually, type ReceivedWebhook, type Receiver, startReceiver } from '#test/e2e/support/receiver.ts';

/** Fast retries, and a name that resolves to a private address (the runtime's DNS test hook). */
const RUNTIME_ENV = {
  WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1',
  WEBHOOK_DNS_OVERRIDES: 'private-receiver.test=10.0.0.1',
};
const ATTEMPTS = 8;

type Api = <T = unknown>(
  method: string,
  path: string,
  options?: { key?: string; body?: unknown },
) => Promise<{ status: number; body: T }>;

type Envelope = { event_id: string; event_type: string; org_id: string; data: Record<string, unknown> };
type Delivery = components['schemas']['WebhookDelivery'];

async function givenCustomer(api: Api, key: string, name: string) {
  const { body } = await api<{ customerId: string }>('POST', '/customers', {
    key,
    body: { name, accountType: 'individual', email: 'someone@example.com' },
  });
  return body.customerId;
}

async function sandbox(api: Api, key: string, path: string) {
  expect((await api('POST', `/sandbox${path}`, { key })).status, path).toBe(200);
}

/**
 * The life of each kind of resource and the events it must produce. Adding a resource's lifecycle (the
 * withdrawals when they land: `withdrawal.created` and a `withdrawal.status_changed` per status) is one entry:
 * drive it through the API and say which events carry its id.
 */
const LIFECYCLES: {
  name: string;
  drive: (api: Api, key: string) => Promise<{ id: string; events: string[] }>;
  idOf: (data: Record<string, unknown>) => unknown;
}[] = [
  {
    name: 'a customer whose KYC is approved',
    idOf: (data) => data.customer_id,
    drive: async (api, key) => {
      const id = await givenCustomer(api, key, 'Ada Approved');
      await api('POST', `/customers/${id}/kyc`, { key });
      await sandbox(api, key, `/customers/${id}/kyc/approve`);
      return { id, events: ['customer.created', 'customer.kyc.approved'] };
    },
  },
  {
    name: 'a customer whose KYC is rejected',
    idOf: (data) => data.customer_id,
    drive: async (api, key) => {
      const id = await givenCustomer(api, key, 'Rex Rejected');
      await sandbox(api, key, `/customers/${id}/kyc/reject`);
      return { id, events: ['customer.created', 'customer.kyc.rejected'] };
    },
  },
  {
    name: "a third party's withdrawal bank, approved in review",
    idOf: (data) => data.withdrawal_bank_id,
    drive: async (api, key) => {
      const customerId = await givenCustomer(api, key, 'Bea Banked');
      await sandbox(api, key, `/customers/${customerId}/kyc/approve`);
      const { body: bank } = await api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
        key,
        body: {
          beneficiaryName: 'Max Mustermann',
          iban: 'DE89370400440532013000',
          bic: 'DEUTDEFF',
          recipientType: 'OTHER_INDIVIDUAL',
          addressLine1: 'Hauptstraße 1',
          city: 'Berlin',
        },
      });
      await sandbox(api, key, `/customers/${customerId}/withdrawal/banks/${bank.id}/approve`);
      return { id: bank.id, events: ['withdrawal_bank.created', 'withdrawal_bank.approved'] };
    },
  },
];

/** Asserts the Standard Webhooks signature with the library a receiver would use, and returns the event. */
function verified(secret: string, webhook: ReceivedWebhook): Envelope {
  return new Webhook(secret).verify(webhook.body, webhook.headers) as Envelope;
}

describe('webhooks on npm start, received by a real HTTP receiver', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-webhooks-'));
  let receiver: Receiver;
  let runtime: Runtime;
  let key: string;

  // Every response is held to the OpenAPI document the runtime serves.
  const api: Api = (method, path, options = {}) =>
    runtime.api(method, path, {
      key: options.key ?? key,
      ...(options.body === undefined ? {} : { body: options.body as object }),
    });

  async function givenEndpoint(path: string, body: Record<string, unknown> = {}) {
    const res = await api<{ id: string; secret: string }>('POST', '/webhooks/endpoints', {
      body: { url: receiver.url(path), ...body },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const deliveriesOf = async (endpointId: string) =>
    (await api<Delivery[]>('GET', `/webhooks/endpoints/${endpointId}/deliveries`)).body;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The first test needs the relay held back; it replaces this runtime with one without the hook.
    runtime = await startRuntime(dataDir, { ...RUNTIME_ENV, LOCAL_RELAY_DELAY_MS: '5000' });
    key = runtime.localJson().apiKey;
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    await receiver?.close();
    await untilDatabaseReleased(dataDir).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no event when killed after the change is stored and before it is published', async () => {
    const endpoint = await givenEndpoint('/crash');
    const created = await api<{ customerId: string }>('POST', '/customers', {
      body: { name: 'Kim Killed', accountType: 'individual', email: 'kim@example.com' },
    });
    expect(created.status).toBe(201);

    await runtime.stop('SIGKILL');
    expect(receiver.at('/crash')).toEqual([]);
    await untilDatabaseReleased(dataDir);
    runtime = await startRuntime(dataDir, RUNTIME_ENV);

    const webhook = await eventually('customer.created after the restart', () => receiver.at('/crash')[0]);
    expect(verified(endpoint.secret, webhook)).toMatchObject({
      event_type: 'customer.created',
      data: { customer_id: created.body.customerId },
    });
  });

  for (const lifecycle of LIFECYCLES) {
    it(`delivers every event of ${lifecycle.name}, each verified with standardwebhooks`, async () => {
      const path = `/life/${LIFECYCLES.indexOf(lifecycle)}`;
      const endpoint = await givenEndpoint(path);

      const { id, events } = await lifecycle.drive(api, key);

      const mine = () =>
        receiver
          .at(path)
          .map((webhook) => verified(endpoint.secret, webhook))
          .filter((e) => lifecycle.idOf(e.data) === id);
      const received = await eventually(`${events.length} events of ${id}`, () =>
        mine().length >= events.length ? mine() : undefined,
      );
      expect(received.map((e) => e.event_type).sort()).toEqual([...events].sort());
      expect(new Set(received.map((e) => e.event_id)).size).toBe(events.length);
      expect(received.every((e) => e.org_id === runtime.localJson().organizationId)).toBe(true);
    });
  }

  it('delivers on the 4th attempt to a receiver that fails the first 3, with the same webhook-id each time', async () => {
    receiver.answer('/flaky', (nth) => (nth <= 3 ? 500 : 204));
    const endpoint = await givenEndpoint('/flaky');

    const test = await api<{ eventId: string }>('POST', `/webhooks/endpoints/${endpoint.id}/test`);

    expect(test.status).toBe(202);
    const attempts = await eventually(
      'four attempts',
      () => receiver.at('/flaky').length >= 4 && receiver.at('/flaky'),
    );
    expect(attempts.map((a) => [a.headers['webhook-id'], a.status])).toEqual([
      [test.body.eventId, 500],
      [test.body.eventId, 500],
      [test.body.eventId, 500],
      [test.body.eventId, 204],
    ]);
    expect(verified(endpoint.secret, attempts[3] as ReceivedWebhook)).toMatchObject({
      event_type: 'webhook.test',
      data: {},
    });
    const [delivery] = await eventually('the delivery to be DELIVERED', async () => {
      const deliveries = await deliveriesOf(endpoint.id);
      return deliveries[0]?.status === 'DELIVERED' && deliveries;
    });
    expect(delivery).toMatchObject({ eventId: test.body.eventId, attempts: 4 });
  });

  it('fails a delivery after the whole schedule, keeps it, and delivers it on retry once the receiver is back', async () => {
    let up = false;
    receiver.answer('/down', () => (up ? 200 : 503));
    const endpoint = await givenEndpoint('/down');
    await api('POST', `/webhooks/endpoints/${endpoint.id}/test`);

    const [failed] = await eventually('the delivery to be FAILED', async () => {
      const deliveries = await deliveriesOf(endpoint.id);
      return deliveries[0]?.status === 'FAILED' && deliveries;
    });
    expect(failed).toMatchObject({ attempts: ATTEMPTS, lastError: 'HTTP 503' });
    expect(receiver.at('/down')).toHaveLength(ATTEMPTS);

    up = true;
    const retry = await api('POST', `/webhooks/deliveries/${failed?.id}/retry`);

    expect(retry.status).toBe(202);
    const [delivered] = await eventually('the retried delivery to be DELIVERED', async () => {
      const deliveries = await deliveriesOf(endpoint.id);
      return deliveries[0]?.status === 'DELIVERED' && deliveries;
    });
    expect(delivered).toMatchObject({ id: failed?.id, attempts: ATTEMPTS + 1 });
    const last = receiver.at('/down').at(-1) as ReceivedWebhook;
    expect(last.status).toBe(200);
    expect(last.headers['webhook-id']).toBe(failed?.eventId);
    expect(verified(endpoint.secret, last)).toMatchObject({ event_type: 'webhook.test' });
  });

  it('refuses private, loopback and metadata receivers for a live organization, when saved and at delivery', async () => {
    const live = await admin(dataDir, 'org', 'create', '--name', 'Live Co', '--env', 'live');
    const liveKey = String(live.apiKey);
    for (const [url, error] of [
      ['http://169.254.169.254/', 'url: Must not point to a metadata address'],
      ['http://10.0.0.1/', 'url: Must not point to a private address'],
      ['http://localhost', 'url: Must not point to a loopback address'],
    ]) {
      expect(await api('POST', '/webhooks/endpoints', { key: liveKey, body: { url } }), url).toMatchObject({
        status: 400,
        body: { error },
      });
    }

    const saved = await api<{ id: string }>('POST', '/webhooks/endpoints', {
      key: liveKey,
      body: { url: 'https://private-receiver.test/hook' },
    });
    expect(saved.status).toBe(201);
    await api('POST', `/webhooks/endpoints/${saved.body.id}/test`, { key: liveKey });

    const [refused] = await eventually('a refused attempt', async () => {
      const { body } = await api<Delivery[]>('GET', `/webhooks/endpoints/${saved.body.id}/deliveries`, {
        key: liveKey,
      });
      return body[0]?.lastError ? body : undefined;
    });
    expect(refused?.lastError).toBe('Address not allowed: private-receiver.test resolves to 10.0.0.1 (private)');
  });
});
