import { beforeAll, describe, expect, it } from 'vitest';
import { KYC_REJECTED_FOR_GOOD } from '#shared/customers/kyc-rules.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import { payloadDigest, signedHeaders } from '#shared/kyc/sumsub/signing.ts';
import { customerEvents } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { ADA, decideOnPage, useSumsubStandIn } from '#test/support/kyc/sumsub-stand-in.ts';

/**
 * A live organization's customers verified by Sumsub, end to end over loopback: `POST /customers/{id}/kyc` creates
 * the applicant at the Sumsub stand-in and answers its hosted page; the decision there reaches the service as
 * Sumsub's signed webhooks, which the public route verifies and applies.
 */
const deps = integrationDeps();
let apiOrigin = '';
const { sumsub, credentials } = useSumsubStandIn(() => apiOrigin);
const { request, origin } = useApi();
beforeAll(() => {
  apiOrigin = origin();
});

type Customer = { kycStatus: string; verifiedName: string | null; address: unknown; kyc: { levelName: string } };

async function givenLiveCustomer(accountType: 'individual' | 'corporate' = 'individual') {
  const { apiKey: key, organizationId } = await givenOrganization(deps, { environment: 'live', kycProvider: 'sumsub' });
  const created = await request<{ customerId: string }>('POST', '/customers', {
    key,
    body: { name: accountType === 'corporate' ? 'Engines' : 'Ada L.', accountType, email: 'ada@example.com' },
  });
  expect(created.status).toBe(201);
  const { customerId } = created.body;
  const start = () =>
    request<{ kycVerified: boolean; kycFlowLink: string | null; error?: string }>(
      'POST',
      `/customers/${customerId}/kyc`,
      { key },
    );
  const read = async () => (await request<Customer>('GET', `/customers/${customerId}`, { key })).body;
  const events = async () => (await customerEvents(deps, customerId)).map((event) => [event.event_type, event.data]);
  return { key, organizationId, customerId, start, read, events };
}

const webhookUrl = () => `${apiOrigin}/api/v2/kyc-providers/sumsub/webhook`;
const post = (body: string, headers: Record<string, string>) =>
  fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const lastSent = (type: string) => {
  const found = sumsub()
    .sent.filter((sent) => sent.type === type)
    .at(-1);
  if (!found) throw new Error(`no ${type} sent`);
  return found;
};

describe('KYC through Sumsub (live organization)', () => {
  it('approves on the hosted page: signed webhooks, APPROVED with the verified name and address, events sent', async () => {
    const customer = await givenLiveCustomer();

    const started = await customer.start();
    expect(started.status).toBe(200);
    expect(started.body.kycFlowLink?.startsWith(`${sumsub().baseUrl}/websdk/p/`)).toBe(true);
    expect((await customer.read()).kycStatus).toBe('PENDING');

    const page = await decideOnPage(started.body.kycFlowLink as string, 'approve', ADA);

    expect(page.status).toBe(200);
    expect(lastSent('applicantReviewed')).toMatchObject({ status: 200 });
    expect(JSON.parse(lastSent('applicantReviewed').answer)).toEqual({ received: true, outcome: 'applied' });
    expect(await customer.read()).toMatchObject({
      kycStatus: 'APPROVED',
      verifiedName: 'Ada Lovelace',
      address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', postalCode: '10117', country: 'DE' },
    });
    const stored = await getCustomer(deps.db, customer.organizationId, customer.customerId);
    expect(stored).toMatchObject({ nationality: 'DE', dateOfBirth: '1990-12-10', verifiedCompany: null });
    expect(await customer.events()).toEqual([
      ['customer.created', { customer_id: customer.customerId }],
      ['customer.kyc.submitted', { customer_id: customer.customerId, attempt: 1 }],
      ['customer.kyc.approved', { customer_id: customer.customerId }],
    ]);
  });

  it('refuses a tampered webhook and a stale one, ignores a replay, and none of them changes anything', async () => {
    const customer = await givenLiveCustomer();
    const link = (await customer.start()).body.kycFlowLink as string;
    await decideOnPage(link, 'reject-retry', ADA);
    const rejected = lastSent('applicantReviewed');
    expect((await customer.read()).kycStatus).toBe('REJECTED');
    const before = await customer.events();

    // Tampered: RED turned GREEN (under a new event id) with the original digest.
    const tampered = rejected.body
      .replace('"reviewAnswer":"RED"', '"reviewAnswer":"GREEN"')
      .replace('"correlationId":"req-', '"correlationId":"req-x');
    expect(tampered).not.toBe(rejected.body);
    const forged = await post(tampered, rejected.headers);
    // Replayed: the very webhook again, digest and all.
    const replayed = await post(rejected.body, rejected.headers);
    // Stale: signed properly, but made two days ago.
    const old = JSON.parse(rejected.body) as Record<string, unknown>;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().replace('T', ' ').replace('Z', '');
    const staleBody = JSON.stringify({ ...old, correlationId: 'req-stale', createdAtMs: twoDaysAgo });
    const stale = await post(staleBody, {
      'x-payload-digest': payloadDigest(credentials.webhookSecret, 'HMAC_SHA256_HEX', staleBody),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    });
    // Unsigned.
    const unsigned = await post(rejected.body, {});

    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: 'Invalid webhook signature' });
    expect([replayed.status, await replayed.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect([stale.status, await stale.json()]).toEqual([400, { error: 'Webhook is outside the replay window' }]);
    expect(unsigned.status).toBe(401);
    expect((await customer.read()).kycStatus).toBe('REJECTED');
    expect(await customer.events()).toEqual(before);
  });

  it('lets a customer rejected with RETRY start again, and refuses one rejected FINAL', async () => {
    const retry = await givenLiveCustomer();
    await decideOnPage((await retry.start()).body.kycFlowLink as string, 'reject-retry', ADA);
    const final = await givenLiveCustomer();
    await decideOnPage((await final.start()).body.kycFlowLink as string, 'reject-final', ADA);

    expect((await retry.read()).kycStatus).toBe('REJECTED');
    expect((await final.read()).kycStatus).toBe('REJECTED');
    expect((await retry.events()).map(([type]) => type)).toContain('customer.kyc.rejected');
    expect((await final.events()).map(([type]) => type)).toContain('customer.kyc.rejected');

    const again = await retry.start();
    expect(again.status).toBe(200);
    expect(again.body.kycFlowLink).toMatch(/\/websdk\/p\//);
    expect((await retry.read()).kycStatus).toBe('PENDING');
    const refused = await final.start();
    expect([refused.status, refused.body]).toEqual([409, { error: KYC_REJECTED_FOR_GOOD.message }]);
    expect((await final.read()).kycStatus).toBe('REJECTED');
  });

  it("moves the customer's level when Sumsub moves the applicant (applicantLevelChanged)", async () => {
    const customer = await givenLiveCustomer();
    await customer.start();
    const applicant = (await (
      await fetch(`${sumsub().baseUrl}/resources/applicants/-;externalUserId=${customer.customerId}/one`, {
        headers: signedHeaders(credentials, {
          method: 'GET',
          path: `/resources/applicants/-;externalUserId=${customer.customerId}/one`,
          body: '',
          ts: Math.floor(Date.now() / 1000),
        }),
      })
    ).json()) as { id: string };
    const path = `/resources/applicants/${applicant.id}/moveToLevel?name=customers-api-enhanced`;

    const moved = await fetch(`${sumsub().baseUrl}${path}`, {
      method: 'POST',
      headers: signedHeaders(credentials, { method: 'POST', path, body: '', ts: Math.floor(Date.now() / 1000) }),
    });

    expect(moved.status).toBe(200);
    expect(JSON.parse(lastSent('applicantLevelChanged').answer)).toEqual({ received: true, outcome: 'applied' });
    expect((await customer.read()).kyc.levelName).toBe('customers-api-enhanced');
    expect(await customer.events()).toContainEqual([
      'customer.kyc.level_changed',
      { customer_id: customer.customerId, previous_level: 'customers-api-basic', new_level: 'customers-api-enhanced' },
    ]);
  });

  it('verifies a corporate through KYB: its verified name is the registered name, with number, country and owners', async () => {
    const corporate = await givenLiveCustomer('corporate');
    const started = await corporate.start();
    expect(started.status).toBe(200);

    await decideOnPage(started.body.kycFlowLink as string, 'approve', {
      companyName: 'Analytical Engines Ltd',
      registrationNumber: '01234567',
      companyCountry: 'GBR',
      ownerFirstName: 'Ada',
      ownerLastName: 'Lovelace',
      ownerDob: '1975-05-20',
      ownerNationality: 'GBR',
      ownerShareSize: '75',
      street: 'Baker Street',
      buildingNumber: '221B',
      town: 'London',
      postCode: 'NW1 6XE',
      country: 'GBR',
    });

    expect(await corporate.read()).toMatchObject({
      kycStatus: 'APPROVED',
      verifiedName: 'Analytical Engines Ltd',
      address: { addressLine1: 'Baker Street 221B', city: 'London', postalCode: 'NW1 6XE', country: 'GB' },
    });
    const stored = await getCustomer(deps.db, corporate.organizationId, corporate.customerId);
    expect(stored?.verifiedCompany).toEqual({
      registeredName: 'Analytical Engines Ltd',
      registrationNumber: '01234567',
      country: 'GB',
      beneficialOwners: [
        { name: 'Ada Lovelace', dateOfBirth: '1975-05-20', nationality: 'GB', ownershipPercent: '75' },
      ],
    });
    expect((await corporate.events()).map(([type]) => type)).toContain('customer.kyc.approved');
  });
});
