import { describe, expect, it } from 'vitest';
import { run, UsageError } from '#infra/admin/cli.ts';
import type { VirtualAccount } from '#shared/deposits/virtual-account-view.ts';
import { givenCustomer } from '#test/support/banks/bank-requests.ts';
import { eventsWhere } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

const deps = integrationDeps();
const { request } = useApi();
const admin = (...argv: string[]) => run(argv, () => deps.db);

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A sandbox organization's KYC-approved customer with a PENDING USD virtual account. */
async function givenPendingAccount() {
  const org = await givenOrganization(deps);
  const key = org.apiKey;
  const customerId = await givenCustomer(request, key);
  const requested = await request<VirtualAccount>('POST', `/customers/${customerId}/virtual-account`, {
    key,
    body: { currency: 'USD' },
  });
  expect(requested.status).toBe(202);
  const decide = (verdict: 'approve' | 'reject', body?: unknown) =>
    request<VirtualAccount>(
      'POST',
      `/sandbox/customers/${customerId}/virtual-accounts/${requested.body.id}/${verdict}`,
      body === undefined ? { key } : { key, body },
    );
  return { key, customerId, id: requested.body.id, decide };
}

const eventsOf = async (virtualAccountId: string) =>
  (await eventsWhere(deps, 'correlation_id', virtualAccountId))
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((event) => [event.event_type, event.data]);

describe('a refused virtual account', () => {
  it('is REJECTED for good with its reason and event, and frees the currency for a new request', async () => {
    const account = await givenPendingAccount();

    const rejected = await account.decide('reject', { reason: '  Proof of address   could not be verified ' });

    expect(rejected).toMatchObject({
      status: 200,
      body: {
        id: account.id,
        status: 'REJECTED',
        message: 'Virtual account request was rejected; the customer may request a new one',
        rejectionReason: 'Proof of address could not be verified',
        iban: null,
        virtualAccount: null,
        activatedAt: null,
      },
    });
    expect(await eventsOf(account.id)).toEqual([
      ['virtual_account.created', { correlation_id: account.id, customer_id: account.customerId, status: 'PENDING' }],
      [
        'virtual_account.rejected',
        {
          correlation_id: account.id,
          customer_id: account.customerId,
          status: 'REJECTED',
          reason: 'Proof of address could not be verified',
        },
      ],
    ]);
    expect(await account.decide('approve')).toMatchObject({
      status: 409,
      body: { error: 'Only a PENDING virtual account can be approved; this one is REJECTED' },
    });
    expect(await account.decide('reject')).toMatchObject({
      status: 409,
      body: { error: 'Only a PENDING virtual account can be rejected; this one is REJECTED' },
    });
    const again = await request<VirtualAccount>('POST', `/customers/${account.customerId}/virtual-account`, {
      key: account.key,
      body: { currency: 'USD' },
    });
    expect(again).toMatchObject({ status: 202, body: { status: 'PENDING' } });
    expect(again.body.id).not.toBe(account.id);
    const listed = await request<VirtualAccount[]>('GET', `/customers/${account.customerId}/virtual-accounts`, {
      key: account.key,
    });
    expect(listed.body.map((va) => [va.id, va.status]).sort()).toEqual(
      [
        [account.id, 'REJECTED'],
        [again.body.id, 'PENDING'],
      ].sort(),
    );
  });

  it('is decided once when an approval and a rejection race, and a rejection needs no reason', async () => {
    const account = await givenPendingAccount();

    const verdicts = await Promise.all([account.decide('approve'), account.decide('reject')]);

    expect(verdicts.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = verdicts.find((r) => r.status === 200)?.body;
    const events = (await eventsOf(account.id)).map(([type]) => type);
    expect(events).toEqual([
      'virtual_account.created',
      winner?.status === 'APPROVED' ? 'virtual_account.approved' : 'virtual_account.rejected',
    ]);
    if (winner?.status === 'REJECTED') expect(winner.rejectionReason).toBeNull();
  });

  it('refuses unknown ids, another organization, and a body with unknown fields', async () => {
    const account = await givenPendingAccount();
    const other = await givenOrganization(deps);

    expect(
      await request('POST', `/sandbox/customers/${account.customerId}/virtual-accounts/${MISSING}/reject`, {
        key: account.key,
      }),
    ).toMatchObject({ status: 404, body: { error: 'Virtual account not found' } });
    expect(
      await request('POST', `/sandbox/customers/${account.customerId}/virtual-accounts/${account.id}/reject`, {
        key: other.apiKey,
      }),
    ).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
    expect(await account.decide('reject', { reason: 'x', extra: true })).toMatchObject({ status: 400 });
    expect(await account.decide('reject', { reason: '' })).toMatchObject({ status: 400 });
    expect((await eventsOf(account.id)).map(([type]) => type)).toEqual(['virtual_account.created']);
  });

  it('is rejected by the operator through the admin CLI by its id alone', async () => {
    const account = await givenPendingAccount();

    await expect(admin('virtual-account', 'approve', account.id, '--reason', 'x')).rejects.toBeInstanceOf(UsageError);
    const rejected = (await admin(
      'virtual-account',
      'reject',
      account.id,
      '--reason',
      'Sanctions hit',
    )) as VirtualAccount;

    expect(rejected).toMatchObject({ id: account.id, status: 'REJECTED', rejectionReason: 'Sanctions hit' });
    await expect(admin('virtual-account', 'reject', account.id)).rejects.toThrow(/this one is REJECTED/);
  });
});
