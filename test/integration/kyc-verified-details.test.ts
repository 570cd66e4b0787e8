import { describe, expect, it } from 'vitest';
import type { VirtualAccount } from '#shared/deposits/virtual-account-view.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/** What KYC verified beyond the name and address, as Compose answers it: a virtual account's `addressDetails`. */
const deps = integrationDeps();
const { request } = useApi();

async function approvedCustomerWithAccount(approval: Record<string, unknown>) {
  const { apiKey: key } = await givenOrganization(deps);
  const created = await request<{ customerId: string }>('POST', '/customers', {
    key,
    body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' },
  });
  const { customerId } = created.body;
  const approved = await request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key, body: approval });
  expect(approved.status).toBe(200);
  const requested = await request<VirtualAccount>('POST', `/customers/${customerId}/virtual-account`, {
    key,
    body: { currency: 'USD' },
  });
  expect(requested.status).toBe(202);
  const opened = await request<VirtualAccount>(
    'POST',
    `/sandbox/customers/${customerId}/virtual-accounts/${requested.body.id}/approve`,
    { key },
  );
  expect(opened.status).toBe(200);
  return opened.body;
}

describe('verified nationality and date of birth', () => {
  it("answers a virtual account's addressDetails.nationality and dateOfBirth from the sandbox approval", async () => {
    const account = await approvedCustomerWithAccount({ nationality: 'fr', dateOfBirth: '1990-12-10' });

    expect(account.virtualAccount?.addressDetails).toEqual({
      addressLine1: 'Friedrichstraße 123',
      city: 'Berlin',
      postcode: '10117',
      country: 'DE',
      nationality: 'FR',
      dateOfBirth: '1990-12-10',
    });
  });

  it("takes the address's country as the nationality when the approval names none, and no date of birth", async () => {
    const account = await approvedCustomerWithAccount({});

    expect(account.virtualAccount?.addressDetails).toMatchObject({ nationality: 'DE', dateOfBirth: null });
  });

  it('refuses a date of birth that is not a real past date', async () => {
    const { apiKey: key } = await givenOrganization(deps);
    const created = await request<{ customerId: string }>('POST', '/customers', {
      key,
      body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' },
    });

    const refused = await Promise.all(
      ['1990-02-30', '2999-01-01', '10-12-1990'].map((dateOfBirth) =>
        request<{ error: string }>('POST', `/sandbox/customers/${created.body.customerId}/kyc/approve`, {
          key,
          body: { dateOfBirth },
        }),
      ),
    );

    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(refused[0]?.body.error).toMatch(/^dateOfBirth: /);
  });
});
