import { describe, expect, it } from 'vitest';
import { DEMO_BANK, demoCustomers } from '#test/support/compose/demo-requests.ts';
import { eventsWhere } from '#test/support/customers/customer-events.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * Compose's developer fees and balances operations (compose.finance/docs/api/developer-fees/*, .../balances/
 * getBalances, the demo's claim body `{}`), through the local API. Rows 25-29 of shared/compose/README.md.
 */
const deps = integrationDeps();
const { request } = useApi();
const givenVerifiedDemoCustomer = demoCustomers(deps, request);

type Body = Record<string, unknown>;

describe('Compose developer fees and balances', () => {
  it('updateCustomerDeveloperFees and getCustomerDeveloperFees (docs developer-fees/*): 0-2500 bps, 200 with the shape', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const before = await request<Body>('GET', `/customers/${customerId}/developer-fees`, { key });
    const patched = await request<Body>('PATCH', `/customers/${customerId}/developer-fees`, {
      key,
      body: { developerSpreadFeeBps: 50 },
    });
    const after = await request<Body>('GET', `/customers/${customerId}/developer-fees`, { key });

    expect(before).toMatchObject({ status: 200, body: { customerId, developerSpreadFeeBps: 0 } });
    expect(patched).toMatchObject({
      status: 200,
      body: { customerId, developerSpreadFeeBps: 50, updatedAt: expect.any(String) },
    });
    expect(after.body).toEqual(patched.body);
    for (const [body, error] of [
      [{ developerSpreadFeeBps: 2501 }, 'developerSpreadFeeBps: Must be at most 2500'],
      [{ developerSpreadFeeBps: -1 }, 'developerSpreadFeeBps: Must be at least 0'],
      [{ developerSpreadFeeBps: 12.5 }, 'developerSpreadFeeBps: Must be a whole number of basis points'],
      [{ developerSpreadFeeBps: '50' }, 'developerSpreadFeeBps: Expected number'],
      [{}, 'developerSpreadFeeBps: Required'],
    ] as const) {
      expect(await request('PATCH', `/customers/${customerId}/developer-fees`, { key, body })).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await request('GET', `/customers/${unknown}/developer-fees`, { key })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(
      await request('PATCH', `/customers/${unknown}/developer-fees`, { key, body: { developerSpreadFeeBps: 5 } }),
    ).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
  });

  it('getCustomerTransactions (docs): a withdrawal and a deposit carry developerFee {developerSpreadFeeBps, amount}', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    await request('PATCH', `/customers/${customerId}/developer-fees`, { key, body: { developerSpreadFeeBps: 100 } });
    const deposit = await request<Body>('POST', `/sandbox/customers/${customerId}/balance`, {
      key,
      body: { amount: '1000' },
    });
    const bank = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK });
    const rate = await request<Body>(
      'GET',
      `/rates?source_currency=USDC&target_currency=EUR&source_amount=500&customer_id=${customerId}`,
      { key },
    );
    const withdrawal = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '500', withdrawalBankId: bank.body.id, idempotencyKey: 'wd_devfee' },
    });
    const listed = await request<Body[]>('GET', `/customers/${customerId}/transactions`, { key });

    // Deposit: the docs' rule, the customer receives targetAmount - developerFee.amount (1000 less 1 %).
    expect(deposit.body).toMatchObject({
      targetAmount: '1000.00',
      developerFee: { developerSpreadFeeBps: 100, amount: '10.00' },
    });
    // Withdrawal: 1 % of what the 0.5 % fee (2.50) leaves, 497.50 -> 4.975; (500 - 2.50 - 4.975) * 0.92 = 453.12.
    expect(withdrawal.body).toMatchObject({
      sourceAmount: '500.00',
      fee: '2.50',
      targetAmount: '453.12',
      developerFee: { developerSpreadFeeBps: 100, amount: '4.975' },
    });
    expect(rate.body).toMatchObject({
      target_amount: '453.12',
      developer_fee: { amount: '4.975', currency: 'USDC', developerSpreadFeeBps: 100 },
    });
    expect(listed.body.map((transaction) => transaction.developerFee)).toEqual([
      withdrawal.body.developerFee,
      deposit.body.developerFee,
    ]);
    const balance = await request<Body>('GET', `/customers/${customerId}/balance`, { key });
    expect(balance.body).toMatchObject({ balance: '990.00', availableBalance: '490.00', lockedBalance: '500.00' });
  });

  it('getOrgDeveloperFees, the claim (demo body {}) and getBalances (docs balances/getBalances)', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    const empty = await request<Body>('GET', '/developer-fees', { key });
    const nothing = await request<Body>('POST', '/developer-fees', { key, body: {} });
    await request('PATCH', `/customers/${customerId}/developer-fees`, { key, body: { developerSpreadFeeBps: 250 } });
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '100.5' } });

    const accrued = await request<Body>('GET', '/developer-fees', { key });
    const claimed = await request<Body>('POST', '/developer-fees', { key, body: {} });
    const afterClaim = await request<Body>('GET', '/developer-fees', { key });
    const balances = await request<Body>('GET', '/balances', { key });

    expect(empty).toMatchObject({
      status: 200,
      body: {
        balance: '0.00',
        pendingClaims: '0.00',
        availableBalance: '0.00',
        currencyId: 'usdc_base',
        currency: 'usdc',
      },
    });
    expect(nothing).toMatchObject({ status: 400, body: { error: 'No developer fees available to claim' } });
    expect(accrued.body).toMatchObject({ balance: '2.5125', availableBalance: '2.5125' });
    expect(claimed).toMatchObject({
      status: 200,
      body: { success: true, transactionId: expect.any(String), amount: '2.5125', message: expect.any(String) },
    });
    expect(afterClaim.body).toMatchObject({ balance: '0.00', availableBalance: '0.00' });
    expect(balances).toMatchObject({
      status: 200,
      body: {
        custodial: {
          balances: [{ currency: 'usdc', balance: '2.5125', availableBalance: '2.5125', lockedBalance: '0.00' }],
        },
        nonCustodial: { address: null, balances: [] },
      },
    });
    const [event] = await eventsWhere(deps, 'transaction_id', claimed.body.transactionId as string);
    expect(event).toMatchObject({
      event_type: 'developer_fees.claimed',
      data: { amount: '2.5125', currency: 'usdc', transaction_id: claimed.body.transactionId },
    });
  });
});
