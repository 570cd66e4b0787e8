import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { BATCH_ALREADY_SIGNED, BATCH_NOT_AWAITING } from '#shared/console/approvals/batch-approval-rules.ts';
import type { BatchDecision } from '#shared/console/approvals/batch-approval-schemas.ts';
import { WithdrawalChangedError } from '#shared/console/approvals/sign-withdrawal.ts';
import { verifySignatures } from '#shared/console/approvals/verify-signatures.ts';
import { batchApprovalChallenge } from '#shared/console/common/passkeys.ts';
import type { BatchBinding } from '#shared/console/common/records.ts';
import { listAuditEntries, listSignatures } from '#shared/console/common/repository.ts';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { keys } from '#shared/db/keys.ts';
import { apiKeyHint } from '#shared/organizations/api-keys.ts';
import { listApiKeysOfOrganization } from '#shared/organizations/repository.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import type { WithdrawalBatchResponse } from '#shared/withdrawals/schemas.ts';
import { ConsoleTab, mailedInviteToken, tokenOfInviteUrl } from '#test/support/console/console-client.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { eventsOfTransaction, givenBank, givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * A withdrawal batch above the allowance approved in the console as one: one card, one passkey signature per
 * member over every payout of it (two required here), per-payout answers, a rejection; and what must be refused.
 */
const deps = integrationDeps();
const { request, origin } = useApi();

type BatchCard = {
  batchId: string;
  createdAt: string;
  createdBy: { apiKeyId: string; hint: string } | null;
  count: number;
  sourceTotal: string;
  totals: { currency: string; amount: string }[];
  customers: { customerId: string; name: string | null }[];
  waitsBecause: string[];
  balance: { covered: number; uncovered: number };
  requiredApprovals: number;
  signers: { approver: string; signed: number }[];
  items: { id: string; batchId: string | null }[];
};
type Options = { challengeId: string; batchBinding: BatchBinding; nonce: string; options: Record<string, unknown> };

const owner = new ConsoleTab(request, origin);
const approver = new ConsoleTab(request, origin);
let payee: Awaited<ReturnType<typeof givenPayee>>;
const payees: { customerId: string; withdrawalBankId: string }[] = [];

beforeAll(async () => {
  payee = await givenPayee(deps, request, { balance: '500.00', organization: { requiredApprovals: 2 } });
  payees.push({ customerId: payee.customerId, withdrawalBankId: payee.bankId });
  const { key } = payee;
  for (const name of ['Grace Hopper', 'Alan Turing']) {
    const customer = await request<{ customerId: string }>('POST', '/customers', {
      key,
      body: { name, accountType: 'individual', email: `${name.split(' ')[0]?.toLowerCase()}@example.com` },
    });
    const { customerId } = customer.body;
    await request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key, body: { verifiedName: name } });
    const withdrawalBankId = await givenBank(deps, payee.org.organizationId, customerId, { beneficiaryName: name });
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '500.00' } });
    payees.push({ customerId, withdrawalBankId });
  }
  const allowance = await request('POST', '/sandbox/allowance', {
    key,
    body: { limit: '10.00', resetPeriodMinutes: 0 },
  });
  expect(allowance.status).toBeLessThan(300);

  const invite = await createOwnerInvite(deps, {
    organizationId: payee.org.organizationId,
    email: 'batch-owner@example.com',
    operator: 'ops@payouts.dev',
  });
  expect((await owner.acceptInvite(tokenOfInviteUrl(invite.url), 'Olivia Owner')).status).toBe(201);
  const invited = await owner.call('POST', '/invites', { email: 'batch-approver@example.com', role: 'approver' });
  expect(invited.status).toBe(201);
  expect((await approver.acceptInvite(mailedInviteToken('batch-approver@example.com'), 'Ann')).status).toBe(201);
}, 120_000);

/** A batch of one 5 USDC payout per customer: each fits the 10 USDC allowance, together they do not: all PROPOSED. */
async function proposedBatch() {
  const key = `batch-${crypto.randomUUID()}`;
  const created = await request<WithdrawalBatchResponse>('POST', '/withdrawals/batch', {
    key: payee.key,
    body: {
      idempotencyKey: key,
      withdrawals: payees.map((p, i) => ({ ...p, idempotencyKey: `${key}-${i}`, sourceAmount: '5.00' })),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.proposed, JSON.stringify(created.body)).toBe(true);
  const transactions = created.body.results.map((result) => result.transaction as Transaction);
  expect(transactions.map((transaction) => transaction.status)).toEqual(['PROPOSED', 'PROPOSED', 'PROPOSED']);
  return { batchId: created.body.batchId, transactions };
}

const idsOf = (items: ({ id: string } | { transactionId: string })[]) =>
  items.map((item) => ('id' in item ? item.id : item.transactionId)).sort();
const decided = (decision: BatchDecision) =>
  decision.results.map((r) => `${r.transactionId} ${r.outcome} ${r.status}`).sort();
const decidedAs = (transactions: Transaction[], outcome: string, status: string) =>
  transactions.map((t) => `${t.id} ${outcome} ${status}`).sort();

const setTargetAmount = (transaction: Transaction, amount: string) =>
  deps.db.client.send(
    new UpdateCommand({
      TableName: deps.db.tableName,
      Key: keys.transaction(payee.org.organizationId, transaction.customerId, transaction.id),
      UpdateExpression: 'SET targetAmount = :amount',
      ExpressionAttributeValues: { ':amount': amount },
    }),
  );

const statusOf = async (transaction: Transaction) =>
  (
    await request<Transaction>('GET', `/customers/${transaction.customerId}/transactions/${transaction.id}`, {
      key: payee.key,
    })
  ).body.status;

describe('a batch above the allowance in the console', () => {
  it('is one card: how many payouts, the totals, the customers, why it waits, when and by which key it was made', async () => {
    const { batchId, transactions } = await proposedBatch();
    const cards = await owner.call<BatchCard[]>('GET', '/approval-batches');
    expect(cards.status).toBe(200);
    const card = cards.body.find((candidate) => candidate.batchId === batchId);
    const eur = transactions.reduce((sum, t) => sum + Math.round(Number(t.targetAmount) * 100), 0) / 100;
    const [key] = await listApiKeysOfOrganization(deps.db, payee.org.organizationId);
    expect(card).toMatchObject({
      createdAt: transactions[0]?.createdAt,
      createdBy: { apiKeyId: key?.apiKeyId, hint: apiKeyHint(payee.key) },
      count: 3,
      sourceTotal: '15.00',
      totals: [{ currency: 'EUR', amount: eur.toFixed(2) }],
      waitsBecause: ['allowance'],
      balance: { covered: 3, uncovered: 0 },
      requiredApprovals: 2,
      signers: [],
    });
    expect(card?.customers.map((c) => c.name).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    const singles = await owner.call<{ id: string; batchId: string | null }[]>('GET', '/approvals');
    for (const transaction of transactions) {
      expect(singles.body.find((c) => c.id === transaction.id)?.batchId).toBe(batchId);
    }
  });

  it('is approved by one signature per member: two members, every payout PROCESSING, each audited', async () => {
    const { batchId, transactions } = await proposedBatch();
    const first = await owner.approveBatch(batchId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(decided(first.body as BatchDecision)).toEqual(decidedAs(transactions, 'SIGNED', 'PARTIALLY_SIGNED'));
    const again = await owner.call('POST', `/approval-batches/${batchId}/options`, {});
    expect(again).toMatchObject({ status: 409, body: { error: BATCH_ALREADY_SIGNED.message } });
    const cards = await owner.call<BatchCard[]>('GET', '/approval-batches');
    expect(cards.body.find((c) => c.batchId === batchId)?.signers).toEqual([
      { approver: 'batch-owner@example.com', signed: 3 },
    ]);

    const second = await approver.approveBatch(batchId);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as BatchDecision).results.every((r) => r.outcome === 'SIGNED')).toBe(true);
    for (const transaction of transactions) {
      expect(['PROCESSING', 'COMPLETED']).toContain(await statusOf(transaction));
      const signatures = await listSignatures(deps.db, payee.org.organizationId, transaction.id);
      expect(signatures.map((s) => [s.email, s.batchId])).toEqual(
        expect.arrayContaining([
          ['batch-owner@example.com', batchId],
          ['batch-approver@example.com', batchId],
        ]),
      );
      const verified = await verifySignatures(deps, {
        organizationId: payee.org.organizationId,
        transactionId: transaction.id,
      });
      expect(verified).toMatchObject({ allValid: true });
      const events = await eventsOfTransaction(deps, transaction.id);
      expect(events.filter((e) => e.event_type === 'withdrawal.status_changed').map((e) => e.data.status)).toEqual(
        expect.arrayContaining(['PARTIALLY_SIGNED', 'PROCESSING']),
      );
    }
    // Verified again from the table: the batch's signed list with this payout as it is now.
    const [firstPayout, secondPayout] = transactions as [Transaction, Transaction];
    await setTargetAmount(firstPayout, '999.99');
    const ids = (t: Transaction) => ({ organizationId: payee.org.organizationId, transactionId: t.id });
    expect(await verifySignatures(deps, ids(firstPayout))).toMatchObject({ allValid: false });
    expect(await verifySignatures(deps, ids(secondPayout))).toMatchObject({ allValid: true });
    await setTargetAmount(firstPayout, firstPayout.targetAmount);
    expect(await verifySignatures(deps, ids(firstPayout))).toMatchObject({ allValid: true });

    const audit = await listAuditEntries(deps.db, payee.org.organizationId, { limit: 100 });
    expect(audit.filter((e) => e.action === 'withdrawal_batch.signed' && e.target === batchId)).toHaveLength(2);
    const signed = audit.filter((e) => e.action === 'withdrawal.signed' && e.details.batchId === batchId);
    expect(signed).toHaveLength(6);
    expect(new Set(signed.map((e) => e.details.reference))).toEqual(new Set(transactions.map((t) => t.reference)));
    expect((await owner.call('GET', '/approval-batches')).body).not.toContainEqual(
      expect.objectContaining({ batchId }),
    );
  });

  it('leaves a payout cancelled after the approval started, and says so for it', async () => {
    const { batchId, transactions } = await proposedBatch();
    const [cancelled, ...rest] = transactions as [Transaction, ...Transaction[]];
    const start = await owner.call<Options>('POST', `/approval-batches/${batchId}/options`, {});
    expect(idsOf(start.body.batchBinding.items)).toEqual(idsOf(transactions));
    const cancel = await request('POST', `/customers/${cancelled.customerId}/transactions/${cancelled.id}/cancel`, {
      key: payee.key,
    });
    expect(cancel.status).toBeLessThan(300);

    const signed = await owner.call<BatchDecision>('POST', `/approval-batches/${batchId}/sign`, {
      challengeId: start.body.challengeId,
      response: owner.authenticator.assert(start.body.options),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.results.find((r) => r.transactionId === cancelled.id)).toMatchObject({
      outcome: 'SKIPPED',
      status: 'CANCELLED',
      error: 'Withdrawal is CANCELLED; it can be signed only while PROPOSED or PARTIALLY_SIGNED',
    });
    expect(
      decided({ ...signed.body, results: signed.body.results.filter((r) => r.transactionId !== cancelled.id) }),
    ).toEqual(decidedAs(rest, 'SIGNED', 'PARTIALLY_SIGNED'));
    expect(await statusOf(cancelled)).toBe('CANCELLED');
    expect(await listSignatures(deps.db, payee.org.organizationId, cancelled.id)).toEqual([]);

    const next = await approver.call<Options>('POST', `/approval-batches/${batchId}/options`, {});
    expect(idsOf(next.body.batchBinding.items)).toEqual(idsOf(rest));
  });

  it('does not let a payout changed after the approval started ride on the signature', async () => {
    const { batchId, transactions } = await proposedBatch();
    const [changed] = transactions as [Transaction];
    const start = await owner.call<Options>('POST', `/approval-batches/${batchId}/options`, {});
    await setTargetAmount(changed, '999.99');
    const signed = await owner.call<BatchDecision>('POST', `/approval-batches/${batchId}/sign`, {
      challengeId: start.body.challengeId,
      response: owner.authenticator.assert(start.body.options),
    });
    expect(signed.body.results.find((r) => r.transactionId === changed.id)).toMatchObject({
      outcome: 'SKIPPED',
      status: 'PROPOSED',
      error: new WithdrawalChangedError().message,
    });
    expect(await listSignatures(deps.db, payee.org.organizationId, changed.id)).toEqual([]);
    expect(signed.body.results.filter((r) => r.outcome === 'SIGNED')).toHaveLength(2);
  });

  it('refuses a signature that does not bind the payouts shown, and one for another batch', async () => {
    const { batchId, transactions } = await proposedBatch();
    const start = await approver.call<Options>('POST', `/approval-batches/${batchId}/options`, {});
    const binding = start.body.batchBinding;
    const forged = [
      { ...binding, items: binding.items.slice(1) },
      { ...binding, items: binding.items.map((item, i) => (i === 0 ? { ...item, amount: '0.01' } : item)) },
    ];
    for (const other of forged) {
      const challenge = batchApprovalChallenge(other, start.body.nonce);
      const response = approver.authenticator.assert({ ...start.body.options, challenge });
      const signed = await approver.call('POST', `/approval-batches/${batchId}/sign`, {
        challengeId: start.body.challengeId,
        response,
      });
      expect(signed.status).toBe(401);
    }
    const elsewhere = await proposedBatch();
    const misplaced = await approver.call('POST', `/approval-batches/${elsewhere.batchId}/sign`, {
      challengeId: start.body.challengeId,
      response: approver.authenticator.assert(start.body.options),
    });
    expect(misplaced.status).toBe(401);
    for (const transaction of transactions) expect(await statusOf(transaction)).toBe('PROPOSED');
  });

  it('is rejected with a reason: every waiting payout CANCELLED and audited, then nothing is left to reject', async () => {
    const { batchId, transactions } = await proposedBatch();
    const noReason = await approver.call('POST', `/approval-batches/${batchId}/reject`, {});
    expect(noReason.status).toBe(400);
    const rejected = await approver.call<BatchDecision>('POST', `/approval-batches/${batchId}/reject`, {
      reason: 'Wrong payroll file',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(decided(rejected.body)).toEqual(decidedAs(transactions, 'REJECTED', 'CANCELLED'));
    const audit = await listAuditEntries(deps.db, payee.org.organizationId, {
      limit: 100,
      action: 'withdrawal.rejected',
    });
    for (const transaction of transactions) {
      expect(audit.find((e) => e.target === transaction.id)?.details).toEqual({
        reason: 'Wrong payroll file',
        batchId,
        reference: transaction.reference,
      });
    }
    const twice = await approver.call('POST', `/approval-batches/${batchId}/reject`, { reason: 'again' });
    expect(twice).toMatchObject({ status: 404, body: { error: BATCH_NOT_AWAITING.message } });
  });
});
