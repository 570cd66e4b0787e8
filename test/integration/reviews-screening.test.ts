import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenCustomerAwaitingReview, VERIFIED } from '#test/support/reviews/review-customers.ts';
import { LIST_FIXTURES_DIR } from '#test/support/screening/list-fixtures.ts';

/**
 * The organization's reviewers beside sanctions screening, with the fixture lists in force: what screening holds
 * leaves the reviewers' queues and is refused to their verdicts (and the operator's) until the screening review
 * decides the hold; cleared, it goes on as it would have.
 */
const previousDir = process.env.SANCTIONS_DIR;
process.env.SANCTIONS_DIR = LIST_FIXTURES_DIR;
afterAll(() => {
  if (previousDir === undefined) delete process.env.SANCTIONS_DIR;
  else process.env.SANCTIONS_DIR = previousDir;
});

const deps = integrationDeps();
const { request, origin } = useApi();
const admin = (...argv: string[]) => run(argv, () => deps.db) as Promise<never>;

type Body = Record<string, unknown>;
type Session = Awaited<ReturnType<typeof givenMemberSession>>;

let org: Awaited<ReturnType<typeof givenOrganization>>;
let compliance: Session;
let owner: Session;

beforeAll(async () => {
  // Sandbox: its customers are set up approved; the reviewers' queues are the same for either environment.
  org = await givenOrganization(deps);
  compliance = await givenMemberSession(deps, org.organizationId, 'compliance');
  owner = await givenMemberSession(deps, org.organizationId, 'owner');
}, 60_000);

const consoleCall = <T = Body>(session: Session, method: string, path: string, body?: unknown) =>
  request<T>(method, `${origin()}/api/console${path}`, {
    headers: session.headers,
    ...(body === undefined ? {} : { body }),
  });

const HELD = { error: 'Held by sanctions screening: a reviewer decides the screening hold first (Screening)' };

describe('a reviewer approving a customer whose verified name is listed', () => {
  it('leaves the customer waiting for the screening review, off the queue, until the hold is cleared', async () => {
    const { customerId } = await givenCustomerAwaitingReview(request, org.apiKey, 'ANATOLIY ZHELEZNIAKOV');
    const listedName = { ...VERIFIED, verifiedName: 'Anatoliy Zhelezniakov' };

    const approved = await consoleCall(compliance, 'POST', `/reviews/kyc/${customerId}/approve`, listedName);
    const queue = await consoleCall<Body[]>(compliance, 'GET', '/reviews/kyc?limit=100');
    const again = await consoleCall(compliance, 'POST', `/reviews/kyc/${customerId}/approve`, listedName);
    const rejected = await consoleCall(compliance, 'POST', `/reviews/kyc/${customerId}/reject`, {
      reason: 'Try again',
      rejectType: 'RETRY',
    });
    const holds = await consoleCall<Body[]>(owner, 'GET', '/screening/holds');

    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ outcome: 'HELD_FOR_SCREENING', kycStatus: 'PENDING' });
    // The reviewer's verdict is recorded with the hold, in its transaction.
    const audit = await listAuditEntries(deps.db, org.organizationId, { limit: 50 });
    expect(audit.find((entry) => entry.target === customerId)).toMatchObject({
      action: 'customer.kyc.review_approved',
      actor: { email: compliance.email },
    });
    expect(queue.body.map((entry) => entry.customerId)).not.toContain(customerId);
    expect(again).toMatchObject({ status: 409, body: HELD });
    expect(rejected).toMatchObject({ status: 409, body: HELD });
    expect(holds.body.find((hold) => hold.holdId === `customer:${customerId}`)).toMatchObject({
      kind: 'customer',
      screened: 'Anatoliy Zhelezniakov',
    });

    const cleared = await consoleCall(owner, 'POST', `/screening/holds/customer:${customerId}/clear`, {
      reason: 'Different person: date of birth differs',
    });
    const customer = await request<Body>('GET', `/customers/${customerId}`, { key: org.apiKey });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(customer.body).toMatchObject({ kycStatus: 'APPROVED', verifiedName: 'Anatoliy Zhelezniakov' });
  });
});

describe('a third party bank whose beneficiary is listed', () => {
  it('is neither listed for review nor approved by a reviewer or the operator until the hold is cleared', async () => {
    const customerId = await givenCustomer(request, org.apiKey);
    const created = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank({
        recipientType: 'OTHER_BUSINESS',
        beneficiaryName: 'Golden Cresent Trading L.L.C.',
        addressLine1: '1 Rue de la Paix',
        city: 'Paris',
      }),
    });
    const bankId = created.body.id as string;
    expect(created.body.status).toBe('PENDING');

    const listed = await consoleCall<Body[]>(compliance, 'GET', '/reviews/banks');
    const approve = await consoleCall(compliance, 'POST', `/reviews/banks/${bankId}/approve`);
    const byOperator = await admin('bank', 'approve', bankId).catch((error: Error) => error);

    expect(listed.body.map((bank) => bank.bankId)).not.toContain(bankId);
    expect(approve).toMatchObject({ status: 409, body: HELD });
    expect(byOperator).toBeInstanceOf(Error);
    expect((byOperator as Error).message).toBe(HELD.error);

    const cleared = await consoleCall(owner, 'POST', `/screening/holds/bank:${bankId}/clear`, {
      reason: 'A different company',
    });
    const listedAfter = await consoleCall<Body[]>(compliance, 'GET', '/reviews/banks');
    const approvedAfter = await consoleCall(compliance, 'POST', `/reviews/banks/${bankId}/approve`);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(listedAfter.body.map((bank) => bank.bankId)).toContain(bankId);
    expect(approvedAfter).toMatchObject({ status: 200, body: { id: bankId, status: 'ACTIVE' } });
  });
});
