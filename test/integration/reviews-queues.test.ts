import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenCustomerAwaitingReview } from '#test/support/reviews/review-customers.ts';

/** Third parties' banks and requested virtual accounts, waiting for the organization's reviewers. */
const deps = integrationDeps();
const { request, origin } = useApi();
const admin = (...argv: string[]) => run(argv, () => deps.db) as Promise<never>;

type Body = Record<string, unknown>;
type Session = Awaited<ReturnType<typeof givenMemberSession>>;

let org: Awaited<ReturnType<typeof givenOrganization>>;
let reviewer: Session;
let viewer: Session;

beforeAll(async () => {
  org = await givenOrganization(deps);
  reviewer = await givenMemberSession(deps, org.organizationId, 'compliance');
  viewer = await givenMemberSession(deps, org.organizationId, 'viewer');
}, 60_000);

const consoleCall = <T = Body>(session: Session, method: string, path: string, body?: unknown) =>
  request<T>(method, `${origin()}/api/console${path}`, { headers: session.headers, ...(body ? { body } : {}) });

async function givenThirdPartyBank() {
  const customerId = await givenCustomer(request, org.apiKey);
  const created = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, {
    key: org.apiKey,
    body: eurBank({
      recipientType: 'OTHER_BUSINESS',
      beneficiaryName: 'Acme GmbH',
      addressLine1: 'A 1',
      city: 'Berlin',
    }),
  });
  expect(created.body.status).toBe('PENDING');
  return { customerId, bankId: created.body.id as string };
}

async function givenRequestedAccount() {
  const customerId = await givenCustomer(request, org.apiKey);
  const requested = await request<Body>('POST', `/customers/${customerId}/virtual-account`, {
    key: org.apiKey,
    body: { currency: 'USD' },
  });
  expect(requested.status).toBe(202);
  return { customerId, virtualAccountId: requested.body.id as string };
}

describe('banks waiting for review', () => {
  it('lists a third party bank until a reviewer approves it, audited, and refuses viewers', async () => {
    const { bankId, customerId } = await givenThirdPartyBank();
    const active = await givenCustomer(request, org.apiKey);
    const ownBank = await request<Body>('POST', `/customers/${active}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank(),
    });

    const listed = await consoleCall<Body[]>(reviewer, 'GET', '/reviews/banks');
    const byViewer = await consoleCall(viewer, 'GET', '/reviews/banks');
    const approveByViewer = await consoleCall(viewer, 'POST', `/reviews/banks/${bankId}/approve`);
    const approved = await consoleCall(reviewer, 'POST', `/reviews/banks/${bankId}/approve`);
    const after = await consoleCall<Body[]>(reviewer, 'GET', '/reviews/banks');

    expect(ownBank.body.status).toBe('ACTIVE');
    expect(listed.body.map((b) => b.bankId)).toEqual([bankId]);
    expect(listed.body[0]).toMatchObject({ customerId, customerName: 'Jane Doe', beneficiaryName: 'Acme GmbH' });
    expect([byViewer.status, approveByViewer.status]).toEqual([403, 403]);
    expect(approved).toMatchObject({ status: 200, body: { id: bankId, status: 'ACTIVE' } });
    expect(after.body).toEqual([]);
    const audit = await listAuditEntries(deps.db, org.organizationId, { limit: 50 });
    expect(audit.find((entry) => entry.target === bankId)).toMatchObject({
      action: 'withdrawal_bank.review_approved',
      actor: { email: reviewer.email },
      details: { customerId },
    });
  });

  it('rejects a bank with its reason, and says so when it is no longer waiting', async () => {
    const { bankId } = await givenThirdPartyBank();
    const rejected = await consoleCall(reviewer, 'POST', `/reviews/banks/${bankId}/reject`, {
      reason: 'Unknown payee',
    });
    const again = await consoleCall(reviewer, 'POST', `/reviews/banks/${bankId}/approve`);
    const otherOrg = await givenOrganization(deps);
    const stranger = await givenMemberSession(deps, otherOrg.organizationId, 'compliance');
    const fromElsewhere = await consoleCall(stranger, 'POST', `/reviews/banks/${bankId}/reject`, { reason: 'x' });

    expect(rejected).toMatchObject({ status: 200, body: { status: 'REJECTED', rejectionReason: 'Unknown payee' } });
    expect(again).toMatchObject({ status: 409, body: { error: expect.stringMatching(/this one is REJECTED/) } });
    expect(fromElsewhere.status).toBe(404);
    const audit = await listAuditEntries(deps.db, org.organizationId, { limit: 50 });
    expect(audit.find((entry) => entry.target === bankId)).toMatchObject({
      action: 'withdrawal_bank.review_rejected',
      details: { reason: 'Unknown payee' },
    });
  });
});

describe('virtual accounts waiting for review', () => {
  it('lists a requested account until a reviewer opens it, and one refused with its reason', async () => {
    const opened = await givenRequestedAccount();
    const refused = await givenRequestedAccount();

    const listed = await consoleCall<Body[]>(reviewer, 'GET', '/reviews/virtual-accounts');
    const approve = await consoleCall(reviewer, 'POST', `/reviews/virtual-accounts/${opened.virtualAccountId}/approve`);
    const reject = await consoleCall(reviewer, 'POST', `/reviews/virtual-accounts/${refused.virtualAccountId}/reject`, {
      reason: 'Not offered in this country',
    });
    const after = await consoleCall<Body[]>(reviewer, 'GET', '/reviews/virtual-accounts');

    expect(listed.body.map((a) => a.virtualAccountId).sort()).toEqual(
      [opened.virtualAccountId, refused.virtualAccountId].sort(),
    );
    expect(approve).toMatchObject({ status: 200, body: { status: 'APPROVED' } });
    expect(reject).toMatchObject({ status: 200, body: { status: 'REJECTED' } });
    expect(after.body).toEqual([]);
    const actions = (await listAuditEntries(deps.db, org.organizationId, { limit: 50 })).map((e) => [
      e.action,
      e.target,
    ]);
    expect(actions).toContainEqual(['virtual_account.review_approved', opened.virtualAccountId]);
    expect(actions).toContainEqual(['virtual_account.review_rejected', refused.virtualAccountId]);
  });
});

describe('the admin CLI lists each queue', () => {
  it('lists the customers, banks and virtual accounts waiting', async () => {
    const liveOrg = await givenOrganization(deps, { environment: 'live' });
    const { customerId } = await givenCustomerAwaitingReview(request, liveOrg.apiKey);
    const { bankId } = await givenThirdPartyBank();
    const { virtualAccountId } = await givenRequestedAccount();

    const kyc = await admin('kyc', 'list', liveOrg.organizationId);
    const banks = await admin('bank', 'list', org.organizationId);
    const accounts = await admin('virtual-account', 'list', org.organizationId);

    expect((kyc as { items: Body[] }).items.map((c) => c.customerId)).toEqual([customerId]);
    expect((banks as Body[]).map((b) => b.bankId)).toContain(bankId);
    expect((accounts as Body[]).map((a) => a.virtualAccountId)).toContain(virtualAccountId);
  });
});
