import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import { ConsoleTab, tokenOfInviteUrl } from '#test/support/console/console-client.ts';
import { customerEvents } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { ADA, decideOnPage, useSumsubStandIn } from '#test/support/kyc/sumsub-stand-in.ts';
import { LIST_FIXTURES_DIR } from '#test/support/screening/list-fixtures.ts';

/**
 * Sumsub's approval is screened like any other: a verified name on a sanctions list (the fixture lists in force)
 * leaves the customer `PENDING` with a hold, the webhook taken once; a reviewer's clearing approves it with all
 * Sumsub verified, nationality and date of birth included.
 */
const previousDir = process.env.SANCTIONS_DIR;
process.env.SANCTIONS_DIR = LIST_FIXTURES_DIR;
afterAll(() => {
  if (previousDir === undefined) delete process.env.SANCTIONS_DIR;
  else process.env.SANCTIONS_DIR = previousDir;
});

const deps = integrationDeps();
let apiOrigin = '';
const { sumsub } = useSumsubStandIn(() => apiOrigin);
const { request, origin } = useApi();
beforeAll(() => {
  apiOrigin = origin();
});

describe('a Sumsub approval whose verified name is on a sanctions list', () => {
  it('is held for review, its webhook taken once; cleared, the customer is APPROVED with what Sumsub verified', async () => {
    const { apiKey: key, organizationId } = await givenOrganization(deps, {
      environment: 'live',
      kycProvider: 'sumsub',
    });
    const reviewer = new ConsoleTab(request, origin);
    const invite = await createOwnerInvite(deps, {
      organizationId,
      email: 'rita@example.com',
      operator: 'ops@payouts.dev',
    });
    expect((await reviewer.acceptInvite(tokenOfInviteUrl(invite.url), 'Rita Reviewer')).status).toBe(201);
    const created = await request<{ customerId: string }>('POST', '/customers', {
      key,
      body: { name: 'A. Zhelezniakov', accountType: 'individual', email: 'az@example.com' },
    });
    const { customerId } = created.body;
    const link = (await request<{ kycFlowLink: string }>('POST', `/customers/${customerId}/kyc`, { key })).body
      .kycFlowLink;

    await decideOnPage(link, 'approve', {
      ...ADA,
      firstName: 'Anatoliy',
      lastName: 'Zhelezniakov',
      nationality: 'UKR',
    });

    const reviewed = sumsub()
      .sent.filter((sent) => sent.type === 'applicantReviewed')
      .at(-1);
    expect(reviewed?.status).toBe(200);
    const read = async () =>
      (await request<{ kycStatus: string; verifiedName: string | null }>('GET', `/customers/${customerId}`, { key }))
        .body;
    expect((await read()).kycStatus).toBe('PENDING');
    const types = async () => (await customerEvents(deps, customerId)).map((event) => event.event_type);
    expect(await types()).not.toContain('customer.kyc.approved');

    const replayed = await fetch(`${apiOrigin}/api/v2/kyc-providers/sumsub/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...reviewed?.headers },
      body: reviewed?.body,
    });
    expect([replayed.status, await replayed.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);

    const holds = await reviewer.call<{ holdId: string; hit: { list: string } }[]>('GET', '/screening/holds');
    expect(holds.body.find((hold) => hold.holdId === `customer:${customerId}`)?.hit.list).toBe('EU_CONSOLIDATED');
    const cleared = await reviewer.call('POST', `/screening/holds/customer:${customerId}/clear`, {
      reason: 'Different person: another date of birth',
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);

    expect(await read()).toMatchObject({ kycStatus: 'APPROVED', verifiedName: 'Anatoliy Zhelezniakov' });
    expect(await getCustomer(deps.db, organizationId, customerId)).toMatchObject({
      nationality: 'UA',
      dateOfBirth: '1990-12-10',
      verifiedCompany: null,
    });
    expect((await types()).filter((type) => type === 'customer.kyc.approved')).toHaveLength(1);
  });
});
