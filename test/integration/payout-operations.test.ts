import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { recordFileDelivered } from '#shared/bank-transfer/repository.ts';
import { operatorActor } from '#shared/console/common/console-rules.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { decideSettlement } from '#shared/payout-operations/decide-settlement.ts';
import { getPayoutOperations } from '#shared/payout-operations/get-payout-operations.ts';
import { proposeSettlement } from '#shared/payout-operations/propose-settlement.ts';
import type { PayoutOperator } from '#shared/payout-operations/rules.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import { paymentFileName } from '#shared/payouts/payout-rail.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { bookedReport, freshChannel, rejectedReport } from '#test/support/rails/bank-channel.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The operator sees what waits (payouts past their rail's settlement, files delivered without an answer, quarantined
 * reports) and settles a payout by hand when its bank answered on paper: one person proposes, another approves, and
 * the payout moves exactly as a bank report moves it.
 */
let deps: Deps;
let later: Deps;

const LIVE_DEBTOR = {
  currency: 'EUR',
  name: 'Acme Payouts GmbH',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
} as const;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
  // Ten days on: every payout filed today is past its rail's expected settlement.
  later = { ...deps, clock: { now: () => new Date(Date.now() + 10 * 86_400_000) } };
});

const as = (organizationId: string, email: string): PayoutOperator => ({
  organizationId,
  actor: operatorActor(email),
  sourceAddress: 'operator-cli',
});

/** `count` 10 USDC payouts of a live organization, filed in one file in its outbox and delivered to its bank. */
async function givenDeliveredPayouts(count: number, filed = true) {
  const { organization: created } = await givenOrganization(deps, { environment: 'live' });
  const { organizationId } = created;
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
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const payouts = [];
  for (let i = 0; i < count; i++) {
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId,
      idempotencyKey: `payout-${i}`,
      sourceAmount: '10',
    });
    payouts.push(transaction);
  }
  const channel = freshChannel();
  const record = (transactionId: string) =>
    getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId);
  if (filed) await batchPayouts(deps, channel);
  const fileId = (await record(payouts[0]?.id ?? ''))?.paymentFileId ?? '';
  const file = filed ? await getPaymentFile(deps.db, fileId) : undefined;
  const name = paymentFileName({ messageId: fileId, rail: file?.rail });
  if (filed) {
    await recordFileDelivered(deps.db, {
      organizationId,
      name,
      remoteName: name,
      sha256: 'a'.repeat(64),
      deliveredAt: new Date().toISOString(),
    });
  }
  return {
    organizationId,
    payouts,
    record,
    fileId,
    channel,
    balance: () => getBalance(deps.db, organizationId, customerId),
  };
}

describe("the operator's list", () => {
  it('lists payouts past their expected settlement, longest first, and the delivered file without an answer', async () => {
    const { organizationId, payouts, fileId } = await givenDeliveredPayouts(2);

    const today = await getPayoutOperations(deps, organizationId);
    const afterTenDays = await getPayoutOperations(later, organizationId);

    expect(today.overduePayouts).toEqual([]);
    expect(afterTenDays.overduePayouts.map((payout) => payout.transactionId).sort()).toEqual(
      payouts.map((payout) => payout.id).sort(),
    );
    expect(afterTenDays.overduePayouts[0]).toMatchObject({ paymentFileId: fileId, amount: expect.any(String) });
    expect(afterTenDays.overduePayouts[0]?.overdueSeconds).toBeGreaterThan(86_400);
    expect(today.unansweredFiles).toMatchObject([{ messageId: fileId, payments: 2, processing: 2 }]);
  });

  it('drops a file once the bank answered all of it, and lists a quarantined report with its reason', async () => {
    const { organizationId, payouts, fileId, channel } = await givenDeliveredPayouts(1);
    const [payout] = payouts;

    await channel.writeInbox(
      'contradicting.xml',
      bookedReport(payouts, '2026-11-23', { iban: 'DE89370400440532013000' }),
    );
    const quarantined = await processInboxReport(deps, channel, 'contradicting.xml');
    await channel.writeInbox('rejected.xml', rejectedReport([payout?.reference ?? ''], fileId));
    await processInboxReport(deps, channel, 'rejected.xml');
    const view = await getPayoutOperations(deps, organizationId);

    expect(quarantined.outcome).toBe('quarantined');
    expect(view.quarantinedReports).toMatchObject([{ name: 'contradicting.xml', outcome: 'quarantined' }]);
    expect(view.quarantinedReports[0]?.quarantineReason).toMatch(/^Not applied: /);
    expect(view.unansweredFiles).toEqual([]);
  });
});

describe('settling a payout by hand', () => {
  it('completes it only once a second person approves, with the ledger moves, event and audit of a bank report', async () => {
    const { organizationId, payouts, record, channel, balance, fileId } = await givenDeliveredPayouts(2);
    const [byBank, byHand] = payouts;
    await channel.writeInbox('booked.xml', bookedReport([byBank as never], '2026-11-23', { iban: LIVE_DEBTOR.iban }));
    await processInboxReport(deps, channel, 'booked.xml');
    const afterBank = await balance();

    const proposal = await proposeSettlement(deps, as(organizationId, 'ada@example.com'), {
      transactionId: byHand?.id ?? '',
      outcome: 'COMPLETED',
      reason: 'Bank statement letter of 23 November',
      completedAt: '2026-11-23T00:00:00.000Z',
    });
    const stillProcessing = await record(byHand?.id ?? '');
    await expect(
      decideSettlement(deps, as(organizationId, 'ADA@example.com'), {
        transactionId: byHand?.id ?? '',
        decision: 'approve',
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const approved = await decideSettlement(deps, as(organizationId, 'grace@example.com'), {
      transactionId: byHand?.id ?? '',
      decision: 'approve',
    });

    expect(proposal.status).toBe('PROPOSED');
    expect(stillProcessing?.status).toBe('PROCESSING');
    expect(approved).toMatchObject({ status: 'COMPLETED' });
    const [bankRecord, handRecord] = [await record(byBank?.id ?? ''), await record(byHand?.id ?? '')];
    expect(handRecord).toMatchObject({ status: 'COMPLETED', completedAt: '2026-11-23T00:00:00.000Z' });
    expect(handRecord?.reservation).toEqual(bankRecord?.reservation);
    // The same ledger move as the bank's booking: the locked 10 USDC left.
    expect(afterBank.locked - (await balance()).locked).toBe(10_000_000n);
    expect((await balance()).available).toBe(afterBank.available);
    const statusEvents = async (id: string) =>
      (await eventsOfTransaction(deps, id))
        .filter((event) => event.event_type === 'withdrawal.status_changed')
        .map((event) => (event.data as { status: string }).status);
    expect(await statusEvents(byHand?.id ?? '')).toEqual(await statusEvents(byBank?.id ?? ''));
    const audit = await listAuditEntries(deps.db, organizationId, { limit: 10 });
    expect(audit.map((entry) => [entry.action, entry.actor.email])).toEqual([
      ['payout.settlement_approved', 'grace@example.com'],
      ['payout.settlement_proposed', 'ada@example.com'],
    ]);
    expect((await getPayoutOperations(deps, organizationId)).proposedSettlements).toEqual([]);
    expect(fileId).not.toBe('');
  });

  it('fails it with the reason, the reservation released, and refuses a second decision', async () => {
    const { organizationId, payouts, record, balance } = await givenDeliveredPayouts(1);
    const transactionId = payouts[0]?.id ?? '';
    const before = await balance();

    await proposeSettlement(deps, as(organizationId, 'ada@example.com'), {
      transactionId,
      outcome: 'FAILED',
      reason: 'The bank returned the payment by letter: account closed',
    });
    const listed = (await getPayoutOperations(deps, organizationId)).proposedSettlements;
    await expect(
      proposeSettlement(deps, as(organizationId, 'grace@example.com'), {
        transactionId,
        outcome: 'COMPLETED',
        reason: 'a second proposal',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await decideSettlement(deps, as(organizationId, 'grace@example.com'), { transactionId, decision: 'approve' });

    expect(listed).toMatchObject([{ transactionId, outcome: 'FAILED', status: 'PROPOSED' }]);
    expect(await record(transactionId)).toMatchObject({
      status: 'FAILED',
      failureReason: 'The bank returned the payment by letter: account closed',
    });
    expect(await balance()).toEqual({
      available: before.available + before.locked,
      locked: 0n,
    });
    await expect(
      decideSettlement(deps, as(organizationId, 'alan@example.com'), { transactionId, decision: 'approve' }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('changes nothing when rejected, and then takes a new proposal', async () => {
    const { organizationId, payouts, record } = await givenDeliveredPayouts(1);
    const transactionId = payouts[0]?.id ?? '';
    const proposal = { transactionId, outcome: 'COMPLETED', reason: 'Phone call with the bank' } as const;

    await proposeSettlement(deps, as(organizationId, 'ada@example.com'), proposal);
    const rejected = await decideSettlement(deps, as(organizationId, 'grace@example.com'), {
      transactionId,
      decision: 'reject',
      reason: 'A call is not a statement',
    });
    const again = await proposeSettlement(deps, as(organizationId, 'ada@example.com'), {
      ...proposal,
      reason: 'Statement received',
    });

    expect(rejected).toMatchObject({ status: 'PROCESSING' });
    expect((await record(transactionId))?.status).toBe('PROCESSING');
    expect(again.status).toBe('PROPOSED');
  });

  it('refuses to book by hand a payout that was sent to no bank, and an unknown payout', async () => {
    const { organizationId, payouts } = await givenDeliveredPayouts(1, false);
    const proposal = { transactionId: payouts[0]?.id ?? '', outcome: 'COMPLETED', reason: 'x' } as const;

    await expect(proposeSettlement(deps, as(organizationId, 'ada@example.com'), proposal)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/in no payment file/),
    });
    await expect(
      proposeSettlement(deps, as(organizationId, 'ada@example.com'), {
        ...proposal,
        transactionId: '00000000-0000-4000-8000-000000000000',
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the admin CLI', () => {
  it('lists the delivered file without an answer, and fails a payout by hand with two operators', async () => {
    const { organizationId, payouts, record, fileId } = await givenDeliveredPayouts(1);
    const transactionId = payouts[0]?.id ?? '';
    const cli = (...argv: string[]) => run(argv, () => deps.db);

    const files = await cli('payout', 'unanswered-files', organizationId);
    const proposed = await cli(
      'payout',
      'propose-settlement',
      transactionId,
      '--outcome',
      'FAILED',
      '--reason',
      'Returned by letter: account closed',
      '--as',
      'ops-one@example.com',
    );
    const bySameOperator = cli('payout', 'approve-settlement', transactionId, '--as', 'ops-one@example.com');
    await expect(bySameOperator).rejects.toMatchObject({ statusCode: 403 });
    const approved = await cli('payout', 'approve-settlement', transactionId, '--as', 'ops-two@example.com');

    expect(files).toMatchObject([{ messageId: fileId, processing: 1 }]);
    expect(proposed).toMatchObject({
      status: 'PROPOSED',
      proposedBy: { kind: 'operator', email: 'ops-one@example.com' },
    });
    expect(approved).toMatchObject({ id: transactionId, status: 'FAILED' });
    expect((await record(transactionId))?.failureReason).toBe('Returned by letter: account closed');
    await expect(cli('payout', 'propose-settlement', transactionId, '--outcome', 'LOST')).rejects.toThrow(
      /--outcome takes COMPLETED or FAILED/,
    );
  });
});
