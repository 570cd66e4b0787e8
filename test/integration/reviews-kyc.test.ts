import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import type { Role } from '#shared/console/common/roles.ts';
import { authenticateSession } from '#shared/console/identity/authenticate-session.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { getKycReviewOf } from '#shared/reviews/get-kyc-review.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { customerEvents } from '#test/support/customers/customer-events.ts';
import { postDocument, SAMPLE_FILES } from '#test/support/customers/document-uploads.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenCustomerAwaitingReview, VERIFIED } from '#test/support/reviews/review-customers.ts';

/** The organization's own reviewers, through the console API: a live organization without a KYC provider. */
const deps = integrationDeps();
const { request, origin } = useApi();

type Body = Record<string, unknown>;
type Session = Awaited<ReturnType<typeof givenMemberSession>>;

let org: Awaited<ReturnType<typeof givenOrganization>>;
const sessions = {} as Record<Role | 'secondCompliance', Session>;

beforeAll(async () => {
  org = await givenOrganization(deps, { environment: 'live' });
  for (const role of ['owner', 'compliance', 'viewer', 'approver', 'developer'] as const) {
    sessions[role] = await givenMemberSession(deps, org.organizationId, role);
  }
  sessions.secondCompliance = await givenMemberSession(deps, org.organizationId, 'compliance');
}, 60_000);

const consoleCall = <T = Body>(session: Session, method: string, path: string, body?: unknown) =>
  request<T>(method, `${origin()}/api/console${path}`, {
    headers: session.headers,
    ...(body === undefined ? {} : { body }),
  });

/** The console actor of a member's session, for calling a use case at another time than now. */
const actorOf = (session: Session) =>
  authenticateSession(deps, session.cookie.slice(session.cookie.indexOf('=') + 1), 'test');

const customerOf = async (customerId: string) =>
  (await request<Body>('GET', `/customers/${customerId}`, { key: org.apiKey })).body;

/** The stored customer: what the verdict recorded beyond the API's view (nationality, the rejection's terms). */
const storedCustomer = async (customerId: string) => getCustomer(deps.db, org.organizationId, customerId);

const kycEventsOf = async (customerId: string) =>
  (await customerEvents(deps, customerId)).map((event) => event.event_type).filter((type) => type.includes('kyc'));

const auditOf = async (customerId: string) =>
  (await listAuditEntries(deps.db, org.organizationId, { limit: 100 })).filter((entry) => entry.target === customerId);

describe('the KYC review queue', () => {
  it('lists the customers whose submission waits, and shows their documents behind presigned links', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);
    const notSubmitted = await request<Body>('POST', '/customers', {
      key: org.apiKey,
      body: { name: 'Not Yet', accountType: 'individual', email: 'not.yet@example.com' },
    });

    const queue = await consoleCall<Body[]>(sessions.compliance, 'GET', '/reviews/kyc?limit=100');
    const review = await consoleCall(sessions.compliance, 'GET', `/reviews/kyc/${customerId}`);

    expect(queue.status).toBe(200);
    const ids = queue.body.map((entry) => entry.customerId);
    expect(ids).toContain(customerId);
    expect(ids).not.toContain(notSubmitted.body.customerId);
    expect(queue.body.find((entry) => entry.customerId === customerId)).toMatchObject({
      name: 'MARCO ROSSI',
      attempt: 1,
      awaitingSecondReview: null,
    });
    expect(review.status).toBe(200);
    const documents = review.body.documents as Body[];
    expect(documents.map((d) => d.idDocType).sort()).toEqual(['PASSPORT', 'PROOF_OF_ADDRESS']);
    const passport = documents.find((d) => d.idDocType === 'PASSPORT') as Body;
    const url = new URL(passport.url as string);
    // The link goes to the bucket itself, never through the service.
    expect(url.origin).toBe(new URL(deps.config.documents.endpoint as string).origin);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(deps.config.reviews.documentUrlTtlS));
    const expiresIn = Date.parse(passport.urlExpiresAt as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(deps.config.reviews.documentUrlTtlS * 1000);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(SAMPLE_FILES.jpeg);
  });

  it('gives links that expire, and that open no other document', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);
    const ttl = deps.config.reviews.documentUrlTtlS;
    // A reviewer who opened the page just over the links' lifetime ago.
    const earlier: Deps = { ...deps, clock: { now: () => new Date(Date.now() - (ttl + 5) * 1000) } };
    const actor = await actorOf(sessions.compliance);

    const old = await getKycReviewOf(earlier, actor, customerId);
    const fresh = await getKycReviewOf(deps, actor, customerId);
    const [passport, proof] = ['PASSPORT', 'PROOF_OF_ADDRESS'].map(
      (type) => fresh.documents.find((d) => d.idDocType === type)?.url as string,
    );
    // The proof of address's key under the passport's signature.
    const swapped = `${new URL(proof as string).origin}${new URL(proof as string).pathname}${new URL(passport as string).search}`;

    const expired = await fetch(old.documents[0]?.url as string);
    const tampered = await fetch(swapped);
    const valid = await fetch(passport as string);

    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code><Message>Request has expired</Message>');
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(valid.status).toBe(200);
  });

  it('refuses members without the review permission (403) and shows them nothing', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);
    for (const role of ['viewer', 'approver', 'developer'] as const) {
      const queue = await consoleCall(sessions[role], 'GET', '/reviews/kyc');
      const review = await consoleCall(sessions[role], 'GET', `/reviews/kyc/${customerId}`);
      const approve = await consoleCall(sessions[role], 'POST', `/reviews/kyc/${customerId}/approve`, VERIFIED);
      expect([queue.status, review.status, approve.status]).toEqual([403, 403, 403]);
      expect(approve.body).toEqual({ error: `The ${role} role may not do this` });
    }
    expect((await customerOf(customerId)).kycStatus).toBe('PENDING');
  });
});

describe('verdicts', () => {
  it('approves with the verified identity, audited, and takes the customer off the queue', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);
    const stated = { ...VERIFIED, nationality: 'it', dateOfBirth: '1985-04-12' };

    const approved = await consoleCall(sessions.compliance, 'POST', `/reviews/kyc/${customerId}/approve`, stated);
    const again = await consoleCall(sessions.compliance, 'POST', `/reviews/kyc/${customerId}/approve`, stated);
    const queue = await consoleCall<Body[]>(sessions.compliance, 'GET', '/reviews/kyc?limit=100');

    expect(approved).toMatchObject({ status: 200, body: { outcome: 'APPROVED', kycStatus: 'APPROVED' } });
    expect(again).toMatchObject({ status: 409, body: { error: 'Customer KYC is not waiting for a review' } });
    expect(queue.body.map((entry) => entry.customerId)).not.toContain(customerId);
    expect(await customerOf(customerId)).toMatchObject({ kycStatus: 'APPROVED', verifiedName: 'Marco Rossi' });
    // Applied as every verifier's verdict is: the identity recorded, the customer's event sent.
    expect(await storedCustomer(customerId)).toMatchObject({
      nationality: 'IT',
      dateOfBirth: '1985-04-12',
      verifiedCompany: null,
      kycRejection: null,
    });
    expect(await kycEventsOf(customerId)).toEqual(['customer.kyc.submitted', 'customer.kyc.approved']);
    const audit = await auditOf(customerId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'customer.kyc.review_approved',
      actor: { email: sessions.compliance.email },
      details: {
        verifiedName: 'Marco Rossi',
        address: 'Via Roma 1, 20121 Milano, IT',
        nationality: 'IT',
        dateOfBirth: '1985-04-12',
        attempt: '1',
      },
    });
  });

  it('rejects for a retry: the customer submits again and waits for a new review', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);

    const rejected = await consoleCall(sessions.compliance, 'POST', `/reviews/kyc/${customerId}/reject`, {
      reason: 'Passport photo unreadable',
      rejectType: 'RETRY',
    });
    const restarted = await request('POST', `/customers/${customerId}/kyc`, { key: org.apiKey });
    const resubmitted = await request('POST', `/customers/${customerId}/kyc/submit`, { key: org.apiKey });
    const queue = await consoleCall<Body[]>(sessions.compliance, 'GET', '/reviews/kyc?limit=100');

    expect(rejected).toMatchObject({ status: 200, body: { outcome: 'REJECTED', kycStatus: 'REJECTED' } });
    expect(restarted.status).toBe(200);
    expect(resubmitted.status).toBe(200);
    expect(queue.body.find((entry) => entry.customerId === customerId)).toMatchObject({ attempt: 2 });
    expect(await kycEventsOf(customerId)).toEqual([
      'customer.kyc.submitted',
      'customer.kyc.rejected',
      'customer.kyc.submitted',
    ]);
    expect(await auditOf(customerId)).toEqual([
      expect.objectContaining({
        action: 'customer.kyc.review_rejected',
        details: expect.objectContaining({ reason: 'Passport photo unreadable', rejectType: 'RETRY' }),
      }),
    ]);
  });

  it('rejects for good: the customer cannot start, submit or upload for KYC again', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);

    const rejected = await consoleCall(sessions.compliance, 'POST', `/reviews/kyc/${customerId}/reject`, {
      reason: 'Forged document',
      rejectType: 'FINAL',
    });
    const restarted = await request('POST', `/customers/${customerId}/kyc`, { key: org.apiKey });
    const resubmitted = await request('POST', `/customers/${customerId}/kyc/submit`, { key: org.apiKey });
    const uploaded = await postDocument(
      request,
      `/customers/${customerId}/documents`,
      org.apiKey,
      { idDocType: 'PASSPORT', country: 'ITA' },
      { bytes: SAMPLE_FILES.jpeg },
    );

    expect(rejected).toMatchObject({ status: 200, body: { outcome: 'REJECTED' } });
    // The provider's FINAL, as a reviewer gives it: the same terms on the customer, the same refusals.
    expect(await storedCustomer(customerId)).toMatchObject({
      kycRejection: { final: true, reason: 'Forged document' },
    });
    const forGood = { error: 'Customer KYC was rejected for good; it cannot be started again' };
    expect(restarted).toMatchObject({ status: 409, body: forGood });
    expect(resubmitted).toMatchObject({ status: 409, body: forGood });
    expect(uploaded).toMatchObject({ status: 409, body: forGood });
    expect(await customerOf(customerId)).toMatchObject({ kycStatus: 'REJECTED' });
    expect((await auditOf(customerId))[0]).toMatchObject({
      action: 'customer.kyc.review_rejected',
      details: { reason: 'Forged document', rejectType: 'FINAL' },
    });
  });

  it('answers a clear 400 for a verdict without its fields', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey);
    const noAddress = await consoleCall(sessions.compliance, 'POST', `/reviews/kyc/${customerId}/approve`, {
      verifiedName: 'Marco Rossi',
    });
    const badType = await consoleCall(sessions.compliance, 'POST', `/reviews/kyc/${customerId}/reject`, {
      reason: 'x',
      rejectType: 'MAYBE',
    });
    expect(noAddress.status).toBe(400);
    expect(String(noAddress.body.error)).toMatch(/address/);
    expect(badType.status).toBe(400);
    expect(String(badType.body.error)).toMatch(/rejectType/);
    expect((await customerOf(customerId)).kycStatus).toBe('PENDING');
  });
});

describe('two reviewers', () => {
  let twoReviewerOrg: typeof org;
  const two = {} as Record<'owner' | 'first' | 'second', Session>;
  const call = <T = Body>(who: keyof typeof two, method: string, path: string, body?: unknown) =>
    consoleCall<T>(two[who], method, path, body);

  beforeAll(async () => {
    twoReviewerOrg = await givenOrganization(deps, { environment: 'live' });
    two.owner = await givenMemberSession(deps, twoReviewerOrg.organizationId, 'owner');
    two.first = await givenMemberSession(deps, twoReviewerOrg.organizationId, 'compliance');
    two.second = await givenMemberSession(deps, twoReviewerOrg.organizationId, 'compliance');
  }, 60_000);

  it('lets only owners require two reviewers, audited', async () => {
    const byCompliance = await call('first', 'PATCH', '/reviews/settings', { requiredReviewers: 2 });
    const byOwner = await call('owner', 'PATCH', '/reviews/settings', { requiredReviewers: 2 });
    const read = await call('first', 'GET', '/reviews/settings');
    expect(byCompliance.status).toBe(403);
    expect(byOwner).toMatchObject({ status: 200, body: { requiredReviewers: 2 } });
    expect(read.body).toEqual({ requiredReviewers: 2 });
    const audit = await listAuditEntries(deps.db, twoReviewerOrg.organizationId, {
      limit: 10,
      action: 'reviews.settings_changed',
    });
    expect(audit[0]).toMatchObject({ actor: { email: two.owner.email }, details: { requiredReviewers: '1 -> 2' } });
  });

  it('decides only when a second, different member gives the same verdict', async () => {
    await call('owner', 'PATCH', '/reviews/settings', { requiredReviewers: 2 });
    const { customerId } = await givenCustomerAwaitingReview(request, twoReviewerOrg.apiKey);
    const path = `/reviews/kyc/${customerId}`;
    const customer = async () =>
      (await request<Body>('GET', `/customers/${customerId}`, { key: twoReviewerOrg.apiKey })).body;

    const first = await call('first', 'POST', `${path}/approve`, VERIFIED);
    const sameMember = await call('first', 'POST', `${path}/approve`, VERIFIED);
    const waiting = await call<Body[]>('second', 'GET', '/reviews/kyc');
    const statusBetween = (await customer()).kycStatus;
    const second = await call('second', 'POST', `${path}/approve`, VERIFIED);

    expect(first).toMatchObject({ status: 200, body: { outcome: 'AWAITING_SECOND_REVIEW', kycStatus: 'PENDING' } });
    expect(sameMember).toMatchObject({
      status: 409,
      body: { error: 'This verdict waits for a second reviewer: another member must give it' },
    });
    expect(waiting.body.find((entry) => entry.customerId === customerId)).toMatchObject({
      awaitingSecondReview: {
        decision: 'APPROVE',
        verifiedName: 'Marco Rossi',
        reviewers: [{ email: two.first.email }],
      },
    });
    expect(statusBetween).toBe('PENDING');
    expect(second).toMatchObject({ status: 200, body: { outcome: 'APPROVED', kycStatus: 'APPROVED' } });
    expect(((await second.body.reviewers) as Body[]).map((r) => r.email)).toEqual([two.first.email, two.second.email]);
    const audit = (await listAuditEntries(deps.db, twoReviewerOrg.organizationId, { limit: 50 }))
      .filter((entry) => entry.target === customerId)
      .map((entry) => [entry.action, entry.actor.email]);
    expect(audit).toEqual([
      ['customer.kyc.review_approved', two.second.email],
      ['customer.kyc.review_awaiting_second', two.first.email],
    ]);
  });

  it('replaces a waiting verdict the second member disagrees with, and decides when the first then agrees', async () => {
    await call('owner', 'PATCH', '/reviews/settings', { requiredReviewers: 2 });
    const { customerId } = await givenCustomerAwaitingReview(request, twoReviewerOrg.apiKey);
    const path = `/reviews/kyc/${customerId}`;
    const other = { ...VERIFIED, verifiedName: 'Marco Antonio Rossi' };

    const first = await call('first', 'POST', `${path}/approve`, VERIFIED);
    const disagreeing = await call('second', 'POST', `${path}/approve`, other);
    const agreeing = await call('first', 'POST', `${path}/approve`, other);
    const customer = (await request<Body>('GET', `/customers/${customerId}`, { key: twoReviewerOrg.apiKey })).body;

    expect(first.body.outcome).toBe('AWAITING_SECOND_REVIEW');
    expect(disagreeing.body.outcome).toBe('AWAITING_SECOND_REVIEW');
    expect(agreeing.body.outcome).toBe('APPROVED');
    expect(customer).toMatchObject({ kycStatus: 'APPROVED', verifiedName: 'Marco Antonio Rossi' });
  });
});
