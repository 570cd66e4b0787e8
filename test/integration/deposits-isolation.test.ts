import { describe, expect, it } from 'vitest';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { randomAddress, type Wallet, walletsOf } from '#test/support/wallets/wallet-requests.ts';

const deps = integrationDeps();
const { request } = useApi();

describe('tenant isolation of wallets, deposit details and virtual accounts', () => {
  it("answers 404 to another organization's key on every route and changes nothing", async () => {
    const owner = await givenOrganization(deps);
    const key = owner.apiKey;
    const customerId = await givenCustomer(request, key);
    const { body: bank } = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key,
      body: eurBank(),
    });
    const { body: wallet } = await request<Wallet>('POST', walletsOf(customerId), {
      key,
      body: { address: randomAddress(), currency: 'usdc', chain: 'base' },
    });
    const { body: account } = await request<{ id: string }>('POST', `/customers/${customerId}/virtual-account`, {
      key,
      body: { currency: 'USD' },
    });
    const intruder = await givenOrganization(deps);
    const before = await request('GET', walletsOf(customerId), { key });

    const attempts = [
      ['GET', walletsOf(customerId), undefined],
      ['POST', walletsOf(customerId), { address: randomAddress(), currency: 'usdc', chain: 'base' }],
      ['GET', `${walletsOf(customerId)}/${wallet.id}`, undefined],
      ['PATCH', `${walletsOf(customerId)}/${wallet.id}`, { address: randomAddress() }],
      ['DELETE', `${walletsOf(customerId)}/${wallet.id}`, undefined],
      ['DELETE', `${walletsOf(customerId)}/${bank.wallets[0]?.id}`, undefined],
      ['GET', `/customers/${customerId}/deposit?currency=eur`, undefined],
      ['POST', `/customers/${customerId}/virtual-account`, { currency: 'USD' }],
      ['GET', `/customers/${customerId}/virtual-accounts`, undefined],
      ['POST', `/sandbox/customers/${customerId}/virtual-accounts/${account.id}/approve`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await request(method, path, { key: intruder.apiKey, body });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
    }

    expect(await request('GET', walletsOf(customerId), { key })).toMatchObject({ status: 200, body: before.body });
    expect(await request('GET', `/customers/${customerId}/virtual-accounts`, { key })).toMatchObject({
      body: [{ id: account.id, status: 'PENDING' }],
    });
  });
});
