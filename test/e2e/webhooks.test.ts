import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#infra/openapi/generated/api-types.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';
import { admin, type Runtime, startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';
import { eventually, type ReceivedWebhook, type Receiver, startReceiver } from '#test/support/webhooks/receiver.ts';

/**
 * Fast retries (one through a real queue delay, the second; the others at once: a test waits out the whole
 * schedule), and a name that resolves to a private address (the runtime's DNS test hook).
 */
const RUNTIME_ENV = {
  // No local chain: nothing here is on one, and its node, mining a block a second, and its watchers would load
  // the cores the other test file running meanwhile needs.
  LOCAL_CHAIN: 'off',
  WEBHOOK_RETRY_SCHEDULE: '0,1,0,0,0,0,0',
  // Payouts settle only when a lifecycle says so, so each status is driven deliberately.
  SANDBOX_SETTLE_AFTER_S: 'off',
  WEBHOOK_DNS_OVERRIDES: 'private-receiver.test=10.0.0.1',
};
const ATTEMPTS = 8;

type Api = <T = unknown>(
  method: string,
  path: string,
  options?: { key?: string; body?: unknown },
) => Promise<{ status: number; headers?: Headers; body: T }>;

type Envelope = { event_id: string; event_type: string; org_id: string; data: Record<string, unknown> };
type Delivery = components['schemas']['WebhookDelivery'];

async function givenCustomer(api: Api, key: string, name: string) {
  const { body } = await setupRequest(
    'create customer',
    () =>
      api<{ customerId: string }>('POST', '/customers', {
        key,
        body: { name, accountType: 'individual', email: 'someone@example.com' },
      }),
    201,
  );
  return body.customerId;
}

async function sandbox(api: Api, key: string, path: string, body?: unknown) {
  const options = { key, ...(body === undefined ? {} : { body }) };
  await setupRequest(`sandbox ${path}`, () => api('POST', `/sandbox${path}`, options), [200, 201]);
}

/** A KYC-approved customer with an ACTIVE bank in its own name, and optionally a USDC balance. */
async function givenPayee(api: Api, key: string, name: string, balance?: string) {
  const customerId = await givenCustomer(api, key, name);
  await sandbox(api, key, `/customers/${customerId}/kyc/approve`);
  const { body: bank } = await setupRequest(
    'create bank',
    () =>
      api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
        key,
        body: { beneficiaryName: name, iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
      }),
    201,
  );
  if (balance) await sandbox(api, key, `/customers/${customerId}/balance`, { amount: balance });
  return { customerId, bankId: bank.id };
}

async function givenWithdrawal(api: Api, key: string, payee: { customerId: string; bankId: string }, amount: string) {
  const { status, body } = await api<{ id: string; status: string }>(
    'POST',
    `/customers/${payee.customerId}/withdrawal`,
    { key, body: { withdrawalBankId: payee.bankId, sourceAmount: amount, idempotencyKey: `e2e-${Math.random()}` } },
  );
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

const withdrawalEvents = (...statuses: string[]) => [
  'withdrawal.created',
  ...statuses.map((status) => `withdrawal.status_changed:${status}`),
];

/**
 * The life of each kind of resource and the events it must produce. Adding a resource's lifecycle (the
 * withdrawals when they land: `withdrawal.created` and a `withdrawal.status_changed` per status) is one entry:
 * drive it through the API and say which events carry its id.
 */
const LIFECYCLES: {
  name: string;
  drive: (api: Api, key: string, dataDir: string) => Promise<{ id: string; events: string[] }>;
  idOf: (data: Record<string, unknown>) => unknown;
  /** How an event is named in `events`; status changes of withdrawals also name the status. */
  label?: (event: Envelope) => string;
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
  {
    name: 'a withdrawal executed at once and settled',
    idOf: (data) => data.transaction_id,
    label: withdrawalLabel,
    drive: async (api, key) => {
      const payee = await givenPayee(api, key, 'Wendy Settled', '100');
      const withdrawal = await givenWithdrawal(api, key, payee, '10');
      expect(withdrawal.status).toBe('PROCESSING');
      await sandbox(api, key, `/transactions/${withdrawal.id}/complete`);
      return { id: withdrawal.id, events: withdrawalEvents('COMPLETED') };
    },
  },
  {
    name: 'a proposal approved once the balance arrives, whose payout fails',
    idOf: (data) => data.transaction_id,
    label: withdrawalLabel,
    drive: async (api, key) => {
      const payee = await givenPayee(api, key, 'Frank Failed');
      const withdrawal = await givenWithdrawal(api, key, payee, '10');
      expect(withdrawal.status).toBe('PROPOSED');
      await sandbox(api, key, `/customers/${payee.customerId}/balance`, { amount: '50' });
      await sandbox(api, key, `/transactions/${withdrawal.id}/approve`, { approver: 'cfo@example.com' });
      await sandbox(api, key, `/transactions/${withdrawal.id}/fail`, { reason: 'Beneficiary account closed' });
      return { id: withdrawal.id, events: withdrawalEvents('PROCESSING', 'FAILED') };
    },
  },
  {
    name: 'a proposal cancelled',
    idOf: (data) => data.transaction_id,
    label: withdrawalLabel,
    drive: async (api, key) => {
      const payee = await givenPayee(api, key, 'Carl Cancelled');
      const cancelled = await givenWithdrawal(api, key, payee, '10');
      const cancel = await api('POST', `/customers/${payee.customerId}/transactions/${cancelled.id}/cancel`, { key });
      expect(cancel.status).toBe(200);
      return { id: cancelled.id, events: withdrawalEvents('CANCELLED') };
    },
  },
  {
    name: 'a proposal that expires',
    idOf: (data) => data.transaction_id,
    label: withdrawalLabel,
    drive: async (api, key) => {
      const payee = await givenPayee(api, key, 'Eve Expired');
      const withdrawal = await givenWithdrawal(api, key, payee, '10');
      await sandbox(api, key, `/transactions/${withdrawal.id}/expire`);
      return { id: withdrawal.id, events: withdrawalEvents('EXPIRED') };
    },
  },
  {
    name: 'a withdrawal whose execution fails at start, then signed by two approvers and settled',
    idOf: (data) => data.transaction_id,
    label: withdrawalLabel,
    drive: async (api, key, dataDir) => {
      const payee = await givenPayee(api, key, 'Paula Partial', '100');
      const { organizationId } = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8')) as {
        organizationId: string;
      };
      await admin(dataDir, 'org', 'update', organizationId, '--approvals', '2');
      try {
        await sandbox(api, key, '/faults', { failNextExecutions: 1 });
        const withdrawal = await givenWithdrawal(api, key, payee, '10');
        expect(withdrawal.status).toBe('PROPOSED');
        await sandbox(api, key, `/transactions/${withdrawal.id}/approve`, { approver: 'first@example.com' });
        await sandbox(api, key, `/transactions/${withdrawal.id}/approve`, { approver: 'second@example.com' });
        await sandbox(api, key, `/transactions/${withdrawal.id}/complete`);
        return {
          id: withdrawal.id,
          events: withdrawalEvents('PROPOSED', 'PARTIALLY_SIGNED', 'PROCESSING', 'COMPLETED'),
        };
      } finally {
        await admin(dataDir, 'org', 'update', organizationId, '--approvals', '1');
      }
    },
  },
];

function withdrawalLabel(event: Envelope): string {
  return event.event_type === 'withdrawal.status_changed'
    ? `${event.event_type}:${event.data.status}`
    : event.event_type;
}

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
    // The scenario's writes come first of all on a fresh runtime, whose DynamoDB Local is still cold while every
    // worker starts its first round: on two busy cores a write can outlast its request's deadline (503, retry).
    // What the scenario needs is a runtime that stores in time: wait until it answers a read.
    await eventually('the runtime to answer from its database', async () => {
      const { status } = await api('GET', '/webhooks/endpoints');
      return status === 200;
    });
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

      const { id, events } = await lifecycle.drive(api, key, dataDir);

      const mine = () =>
        receiver
          .at(path)
          .map((webhook) => verified(endpoint.secret, webhook))
          .filter((e) => lifecycle.idOf(e.data) === id);
      const received = await eventually(`${events.length} events of ${id}`, () =>
        mine().length >= events.length ? mine() : undefined,
      );
      expect(received.map(lifecycle.label ?? ((e) => e.event_type)).sort()).toEqual([...events].sort());
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
    // Never what the name resolves to: that would map internal names for a tenant.
    expect(refused?.lastError).toBe('Address not allowed');
  });
});
