import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { fileWithdrawalNow } from '#shared/payouts/batch-payouts.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { freshChannel } from '#test/support/rails/bank-channel.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/** The payout desk over HTTP with members' sessions: an admin proposes, the owner approves, a viewer sees nothing. */
const deps = integrationDeps();
const { request, origin } = useApi();
const LIVE_DEBTOR = {
  currency: 'EUR',
  name: 'Acme Payouts GmbH',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
} as const;

let organizationId = '';
let transactionId = '';
let record: () => ReturnType<typeof getTransactionOfCustomer>;

beforeAll(async () => {
  const { organization: created } = await givenOrganization(deps, { environment: 'live' });
  organizationId = created.organizationId;
  const organization = await updateOrganization(
    deps.db,
    organizationId,
    { payoutAccounts: { EUR: LIVE_DEBTOR } },
    new Date(),
  );
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Zoë Ærø',
    accountType: 'individual',
    email: 'zoe@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Zoë Ærø' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, { beneficiaryName: 'Zoë Ærø' });
  await creditBalance(deps, { organizationId, customerId, amount: '100' });
  const { transaction } = await createWithdrawal(deps, {
    organization,
    customerId,
    withdrawalBankId,
    idempotencyKey: 'payout-by-hand',
    sourceAmount: '10',
  });
  transactionId = transaction.id;
  record = () => getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId);
  // Filed alone (the batcher reads the whole table's timers; this file shares the table).
  const processing = await record();
  if (processing) await fileWithdrawalNow(deps, freshChannel(), processing);
}, 60_000);

describe('the payout desk in the console', () => {
  it('lets an admin propose and the owner approve, refuses the proposer and the viewer', async () => {
    const [admin, owner, viewer] = await Promise.all([
      givenMemberSession(deps, organizationId, 'admin'),
      givenMemberSession(deps, organizationId, 'owner'),
      givenMemberSession(deps, organizationId, 'viewer'),
    ]);
    const base = `${origin()}/api/console/payout-operations`;

    const proposed = await request('POST', `${base}/${transactionId}/settlement`, {
      headers: admin.headers,
      body: { outcome: 'COMPLETED', reason: 'Statement of 23 November shows it booked' },
    });
    const listed = await request<{ proposedSettlements: { transactionId: string }[] }>('GET', base, {
      headers: owner.headers,
    });
    const notByViewer = await request('GET', base, { headers: viewer.headers });
    const byProposer = await request('POST', `${base}/${transactionId}/settlement/decision`, {
      headers: admin.headers,
      body: { decision: 'approve' },
    });
    const approved = await request('POST', `${base}/${transactionId}/settlement/decision`, {
      headers: owner.headers,
      body: { decision: 'approve' },
    });

    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({ status: 'PROPOSED', proposedBy: { kind: 'member', email: admin.email } });
    expect(listed.body.proposedSettlements.map((settlement) => settlement.transactionId)).toEqual([transactionId]);
    expect(notByViewer.status).toBe(403);
    expect(byProposer.status).toBe(403);
    expect(byProposer.body).toEqual({ error: 'A settlement must be approved by someone other than who proposed it' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ id: transactionId, status: 'COMPLETED' });
    expect((await record())?.status).toBe('COMPLETED');
  });
});
