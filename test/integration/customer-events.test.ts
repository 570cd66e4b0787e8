import { describe, expect, it } from 'vitest';
import { DEMO_BANK, demoCustomers } from '#test/support/compose/demo-requests.ts';
import { customerEvents, eventsWhere } from '#test/support/customers/customer-events.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * The customer events of Compose's list that no other test sends: `customer.updated` (a profile change),
 * `customer.disabled` / `customer.enabled` (and what a disabled customer may no longer do), and
 * `customer.kyc.level_changed` (the sandbox provider moves the level).
 */
const deps = integrationDeps();
const { request } = useApi();
const givenVerifiedDemoCustomer = demoCustomers(deps, request);

type Body = Record<string, unknown>;

describe('customer events', () => {
  it('updates the profile with customer.updated {customerId, changedFields}, only for what changed', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const updated = await request<Body>('PATCH', `/customers/${customerId}`, {
      key,
      body: { email: 'marco@example.org', expectedMonthlyVolume: 30000, name: 'MARCO ROSSI' },
    });
    const unchanged = await request<Body>('PATCH', `/customers/${customerId}`, {
      key,
      body: { email: 'marco@example.org' },
    });
    const refused = await request<Body>('PATCH', `/customers/${customerId}`, { key, body: {} });
    const malformed = await request<Body>('PATCH', `/customers/${customerId}`, { key, body: { email: 'nope' } });

    expect(updated).toMatchObject({
      status: 200,
      body: {
        email: 'marco@example.org',
        expectedMonthlyVolume: 30000,
        name: 'MARCO ROSSI',
        verifiedName: 'MARCO ROSSI',
      },
    });
    expect(unchanged.status).toBe(200);
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'Send at least one of name, email, expectedMonthlyVolume' },
    });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'email: Invalid email' } });
    const events = await eventsWhere(deps, 'customerId', customerId);
    expect(events.map((event) => [event.event_type, event.data])).toEqual([
      ['customer.updated', { customerId, changedFields: ['email', 'expectedMonthlyVolume'] }],
    ]);
  });

  it('renames a customer (`name` is a DynamoDB reserved word) and keeps the verified name', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const renamed = await request<Body>('PATCH', `/customers/${customerId}`, { key, body: { name: 'Marco Rossi' } });

    expect(renamed).toMatchObject({ status: 200, body: { name: 'Marco Rossi', verifiedName: 'MARCO ROSSI' } });
    const events = await eventsWhere(deps, 'customerId', customerId);
    expect(events.map((event) => event.data)).toEqual([{ customerId, changedFields: ['name'] }]);
  });

  it('disables a customer: no new banks, deposit details or withdrawals until enabled again', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    const bank = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK });
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '100' } });

    const disabled = await request<Body>('POST', `/customers/${customerId}/disable`, {
      key,
      body: { reason: 'Suspected fraud' },
    });
    const refusals = [
      await request('POST', `/customers/${customerId}/withdrawal/banks`, {
        key,
        body: { ...DEMO_BANK, iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' },
      }),
      await request('GET', `/customers/${customerId}/deposit?currency=eur`, { key }),
      await request('POST', `/customers/${customerId}/withdrawal`, {
        key,
        body: { sourceAmount: '10', withdrawalBankId: bank.body.id, idempotencyKey: 'wd_disabled' },
      }),
    ];
    const read = await request<Body>('GET', `/customers/${customerId}`, { key });
    const enabled = await request<Body>('POST', `/customers/${customerId}/enable`, { key, body: {} });
    const withdrawal = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '10', withdrawalBankId: bank.body.id, idempotencyKey: 'wd_enabled' },
    });

    expect(disabled).toMatchObject({ status: 200, body: { enabled: false } });
    expect(refusals.map(({ status, body }) => ({ status, body }))).toEqual(
      Array(3).fill({ status: 403, body: { error: 'Customer is disabled' } }),
    );
    expect(read.body).toMatchObject({ enabled: false, kycVerified: true });
    expect(enabled).toMatchObject({ status: 200, body: { enabled: true } });
    expect(withdrawal.status).toBe(201);
    const types = (await customerEvents(deps, customerId)).filter((event) => event.event_type.startsWith('customer.'));
    expect(types.map((event) => [event.event_type, event.data])).toEqual([
      ['customer.created', { customer_id: customerId }],
      ['customer.kyc.approved', { customer_id: customerId }],
      ['customer.disabled', { customer_id: customerId, reason: 'Suspected fraud' }],
      ['customer.enabled', { customer_id: customerId }],
    ]);
  });

  it('moves the KYC level in the sandbox with customer.kyc.level_changed', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const moved = await request<Body>('POST', `/sandbox/customers/${customerId}/kyc/level`, {
      key,
      body: { levelName: 'customers-api-enhanced' },
    });
    const again = await request<Body>('POST', `/sandbox/customers/${customerId}/kyc/level`, {
      key,
      body: { levelName: 'customers-api-enhanced' },
    });
    const unknown = await request<Body>('POST', `/sandbox/customers/${customerId}/kyc/level`, {
      key,
      body: { levelName: 'customers-api-gold' },
    });

    expect(moved).toMatchObject({ status: 200, body: { kyc: { levelName: 'customers-api-enhanced' } } });
    expect(again.status).toBe(200);
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'levelName: Must be one of: customers-api-basic, customers-api-enhanced' },
    });
    const changes = (await customerEvents(deps, customerId)).filter(
      (event) => event.event_type === 'customer.kyc.level_changed',
    );
    expect(changes.map((event) => event.data)).toEqual([
      { customer_id: customerId, previous_level: 'customers-api-basic', new_level: 'customers-api-enhanced' },
    ]);
  });
});
