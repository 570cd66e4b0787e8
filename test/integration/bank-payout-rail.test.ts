import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts, checkOverdueFiles } from '#shared/payouts/batch-payouts.ts';
import { completeTransaction } from '#shared/payouts/complete-transaction.ts';
import { failTransaction } from '#shared/payouts/fail-transaction.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { BankChannel, ChannelScope } from '#shared/rails/bank/channel.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import {
  bookedReport,
  endToEndIdsOf,
  everyOutbox,
  freshChannel,
  type Reported,
  rejectedFileReport,
  rejectedReport,
} from '#test/support/rails/bank-channel.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

let deps: Deps;

const LIVE_DEBTOR = {
  currency: 'EUR',
  name: 'Acme Payouts GmbH',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
} as const;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

/** `count` PROCESSING payouts of a new organization; `filed`: put in a payment file, as a bank reports on them. */
async function givenPayouts(count: number, environment: 'sandbox' | 'live' = 'sandbox', filed = false) {
  const { organization: created } = await givenOrganization(deps, { environment });
  const { organizationId } = created;
  // A live organization is batched only with its own payout account.
  const organization =
    environment === 'live'
      ? await updateOrganization(deps.db, organizationId, { payoutAccounts: { EUR: LIVE_DEBTOR } }, new Date())
      : created;
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
  const record = (transactionId: string) =>
    getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId);
  const balance = () => getBalance(deps.db, organizationId, customerId);
  if (filed) await batchPayouts(deps, freshChannel());
  const fileId = filed ? ((await record(payouts[0]?.id ?? ''))?.paymentFileId ?? '') : 'NOTPROVIDED';
  return { organization, organizationId, customerId, payouts, record, balance, fileId };
}

/** What the outbox holds: every one of a `freshChannel`, or the one of `scope`. */
async function outboxIds(channel: BankChannel, scope?: ChannelScope) {
  const outbox = scope
    ? { list: () => channel.listOutbox(scope), read: (name: string) => channel.readOutbox(scope, name) }
    : everyOutbox(channel);
  const files = await outbox.list();
  const ids = await Promise.all(files.map(async (name) => endToEndIdsOf((await outbox.read(name)) ?? '')));
  return { files, ids: ids.flat() };
}

async function deliver(channel: BankChannel, name: string, xml: string) {
  await channel.writeInbox(name, xml);
  return processInboxReport(deps, channel, name);
}

describe('the payout batcher: a withdrawal is in exactly one file, ever', () => {
  it('two batchers at once put each PROCESSING withdrawal in exactly one file', async () => {
    const { payouts, record } = await givenPayouts(8);
    const channel = freshChannel();

    const runs = await Promise.all([batchPayouts(deps, channel), batchPayouts(deps, channel)]);
    const again = await batchPayouts(deps, channel);

    const { files, ids } = await outboxIds(channel);
    expect(payouts.every((payout) => payout.status === 'PROCESSING')).toBe(true);
    expect(ids.sort()).toEqual(payouts.map((payout) => payout.reference).sort());
    expect(runs.reduce((sum, run) => sum + run.payments, 0)).toBe(8);
    expect(again).toEqual({ files: [], payments: 0, rewritten: 0 });
    for (const payout of payouts) {
      const stored = await record(payout.id);
      expect(files).toContain(`${stored?.paymentFileId}.xml`);
      expect(stored?.status).toBe('PROCESSING');
    }
  });

  it('a crash between writing the file and marking it writes the same file again, never a second one', async () => {
    const { payouts, record } = await givenPayouts(2);
    const channel = freshChannel();
    const crashing: BankChannel = {
      ...channel,
      writeOutbox: async (scope, name, body) => {
        await channel.writeOutbox(scope, name, body);
        throw new Error('crashed after the write');
      },
    };

    await expect(batchPayouts(deps, crashing)).rejects.toThrow('crashed after the write');
    const afterCrash = await outboxIds(channel);
    const firstContent = await everyOutbox(channel).read(afterCrash.files[0] ?? '');
    const recovery = await batchPayouts(deps, channel);

    const { files, ids } = await outboxIds(channel);
    expect(afterCrash.files).toHaveLength(1);
    expect(recovery).toEqual({ files: [], payments: 0, rewritten: 1 });
    expect(files).toEqual(afterCrash.files);
    expect(await everyOutbox(channel).read(files[0] ?? '')).toBe(firstContent);
    expect(ids.sort()).toEqual(payouts.map((payout) => payout.reference).sort());
    const fileId = (await record(payouts[0]?.id ?? ''))?.paymentFileId ?? '';
    expect((await getPaymentFile(deps.db, fileId))?.status).toBe('WRITTEN');
  });

  it('a crash before the write leaves the claim, and the next run delivers it', async () => {
    const { payouts } = await givenPayouts(1);
    const channel = freshChannel();
    const down: BankChannel = {
      ...channel,
      writeOutbox: async () => {
        throw new Error('channel down');
      },
    };

    await expect(batchPayouts(deps, down)).rejects.toThrow('channel down');
    expect((await outboxIds(channel)).files).toEqual([]);
    await batchPayouts(deps, channel);

    expect((await outboxIds(channel)).ids).toEqual([payouts[0]?.reference]);
  });
});

describe('the sandbox bank: it books or rejects only a payout it was sent', () => {
  it('files a payout not yet filed before its report, so a batcher running at the same time quarantines nothing', async () => {
    // The race CI met: a report naming no file, written just before a batcher filed the payout, contradicted it.
    const channel = bankChannel(deps.config);
    for (let round = 0; round < 4; round++) {
      const { organization, payouts, record } = await givenPayouts(2);
      const [completed, failed] = payouts.map((payout) => payout.id) as [string, string];

      await Promise.all([
        completeTransaction(deps, { organization, transactionId: completed }),
        failTransaction(deps, { organization, transactionId: failed, reason: 'Account closed' }),
        batchPayouts(deps, channel),
      ]);

      const filed = { paymentFileId: expect.any(String), settlementRail: 'SEPA' };
      expect(await record(completed)).toMatchObject({ status: 'COMPLETED', ...filed });
      expect(await record(failed)).toMatchObject({ status: 'FAILED', failureReason: 'Account closed', ...filed });
      const quarantined = await channel.listQuarantine();
      expect(quarantined.filter((name) => name.includes(completed) || name.includes(failed))).toEqual([]);
      const { ids } = await outboxIds(channel, { environment: 'sandbox', organizationId: organization.organizationId });
      for (const payout of payouts) expect(ids.filter((id) => id === payout.reference)).toHaveLength(1);
    }
  });
});

describe('bank reports: each fact once, anything doubtful to the quarantine', () => {
  it('a rejection fails the payout with the reason and restores the balance; the same report twice changes nothing', async () => {
    const { payouts, record, balance, fileId } = await givenPayouts(2, 'sandbox', true);
    const [rejected, other] = payouts;
    const channel = freshChannel();
    const report = rejectedReport([rejected?.reference ?? ''], fileId);

    const first = await deliver(channel, 'status-1.xml', report);
    const second = await deliver(channel, 'status-1-again.xml', report);

    expect(first).toEqual({ outcome: 'applied', applied: 1, skipped: 0 });
    expect(second).toEqual({ outcome: 'applied', applied: 0, skipped: 1 });
    expect(await record(rejected?.id ?? '')).toMatchObject({ status: 'FAILED', failureReason: 'AC04: Account closed' });
    expect((await record(other?.id ?? ''))?.status).toBe('PROCESSING');
    expect(await balance()).toEqual({ available: 990_000_000n, locked: 10_000_000n });
    const events = await eventsOfTransaction(deps, rejected?.id ?? '');
    expect(events.filter((event) => event.event_type === 'withdrawal.status_changed')).toHaveLength(1);
    expect(await channel.listInbox()).toEqual([]);
  });

  it('two readers of one report at once (the inbox worker and a sandbox route) apply it once, and neither fails', async () => {
    for (let round = 0; round < 5; round++) {
      const { payouts, record, balance, fileId } = await givenPayouts(1, 'sandbox', true);
      const [rejected] = payouts;
      const channel = freshChannel();
      await channel.writeInbox('status-twice.xml', rejectedReport([rejected?.reference ?? ''], fileId));

      const outcomes = await Promise.all([
        processInboxReport(deps, channel, 'status-twice.xml'),
        processInboxReport(deps, channel, 'status-twice.xml'),
      ]);

      for (const outcome of outcomes) expect(['applied', 'missing']).toContain(outcome.outcome);
      expect((await record(rejected?.id ?? ''))?.status).toBe('FAILED');
      expect(await balance()).toEqual({ available: 1000_000_000n, locked: 0n });
      const events = await eventsOfTransaction(deps, rejected?.id ?? '');
      expect(events.filter((event) => event.event_type === 'withdrawal.status_changed')).toHaveLength(1);
    }
  });

  it('a booked debit completes the payout at its booking date; the same report twice changes nothing', async () => {
    const { payouts, record, balance } = await givenPayouts(1, 'sandbox', true);
    const channel = freshChannel();
    const report = bookedReport([payouts[0] as Reported], '2026-11-23');

    expect(await deliver(channel, 'booked-1.xml', report)).toMatchObject({ outcome: 'applied', applied: 1 });
    const completed = await record(payouts[0]?.id ?? '');
    expect(await deliver(channel, 'booked-2.xml', report)).toMatchObject({ outcome: 'applied', applied: 0 });

    expect(completed).toMatchObject({ status: 'COMPLETED', completedAt: '2026-11-23T00:00:00.000Z' });
    expect(await record(payouts[0]?.id ?? '')).toEqual(completed);
    expect(await balance()).toEqual({ available: 990_000_000n, locked: 0n });
  });

  it('a rejected file fails every payment in it', async () => {
    const { payouts, record, balance } = await givenPayouts(3);
    const channel = freshChannel();
    await batchPayouts(deps, channel);
    const file = (await record(payouts[0]?.id ?? ''))?.paymentFileId ?? '';

    expect(await deliver(channel, 'file-rejected.xml', rejectedFileReport(file))).toMatchObject({ applied: 3 });

    for (const payout of payouts) {
      expect(await record(payout.id)).toMatchObject({ status: 'FAILED', failureReason: 'AM04: Insufficient funds' });
    }
    expect(await balance()).toEqual({ available: 1000_000_000n, locked: 0n });
  });

  it('quarantines a report naming an unknown payment, applying none of it', async () => {
    const { payouts, record } = await givenPayouts(1, 'sandbox', true);
    const channel = freshChannel();

    const outcome = await deliver(
      channel,
      'unknown.xml',
      bookedReport([payouts[0] as Reported, { ...(payouts[0] as Reported), reference: 'WD-NOPE-NOPE' }]),
    );

    expect(outcome).toEqual({ outcome: 'quarantined', error: 'Not applied: Unknown payment WD-NOPE-NOPE' });
    expect((await record(payouts[0]?.id ?? ''))?.status).toBe('PROCESSING');
    expect(await channel.listQuarantine()).toEqual(['unknown.xml']);
    expect(await channel.listInbox()).toEqual([]);
  });

  it('quarantines a malformed or unparseable report', async () => {
    const channel = freshChannel();

    const broken = await deliver(channel, 'broken.xml', '<Document><CstmrPmtStsRpt><GrpHdr>');
    const foreign = await deliver(channel, 'foreign.xml', '<Document><BkToCstmrAcctRpt/></Document>');

    expect(broken).toMatchObject({
      outcome: 'quarantined',
      error: expect.stringMatching(/^Malformed report: Not well-formed/),
    });
    expect(foreign).toMatchObject({
      outcome: 'quarantined',
      error: expect.stringMatching(/Not a pain.002, camt.054 or camt.053/),
    });
    expect(await channel.listQuarantine()).toEqual(['broken.xml', 'foreign.xml']);
  });

  it('quarantines a booking that contradicts the state (booked after FAILED), leaving the rest of it unapplied', async () => {
    const { payouts, record, balance, fileId } = await givenPayouts(2, 'sandbox', true);
    const [failed, open] = payouts;
    const channel = freshChannel();
    await deliver(channel, 'rejected.xml', rejectedReport([failed?.reference ?? ''], fileId));

    const outcome = await deliver(channel, 'late-booking.xml', bookedReport([open as Reported, failed as Reported]));

    expect(outcome).toEqual({
      outcome: 'quarantined',
      error: `Not applied: ${failed?.reference} was booked by the bank but is FAILED`,
    });
    expect((await record(open?.id ?? ''))?.status).toBe('PROCESSING');
    expect((await record(failed?.id ?? ''))?.status).toBe('FAILED');
    expect(await balance()).toEqual({ available: 990_000_000n, locked: 10_000_000n });
  });
});

describe('the stuck-payout check', () => {
  it('counts payouts of a file still PROCESSING after PAYOUT_PROCESSING_ALARM_S, and settles the file once all are reported', async () => {
    const own = await isolatedTableDeps(() => new Date());
    const previous = deps;
    deps = own;
    try {
      const { payouts, record } = await givenPayouts(2, 'live');
      const channel = freshChannel();
      await batchPayouts(deps, channel);
      const fileId = (await record(payouts[0]?.id ?? ''))?.paymentFileId ?? '';
      const later = new Date(Date.now() + (deps.config.bank.processingAlarmSeconds + 60) * 1000);

      const early = await checkOverdueFiles(deps);
      const overdue = await checkOverdueFiles(deps, later);
      await deliver(channel, 'booked.xml', bookedReport(payouts, '2026-11-23', { iban: LIVE_DEBTOR.iban }));
      const reported = await checkOverdueFiles(deps, later);

      expect(early).toEqual({ stuck: 0 });
      expect(overdue).toEqual({ stuck: 2 });
      expect(reported).toEqual({ stuck: 0 });
      expect((await getPaymentFile(deps.db, fileId))?.status).toBe('SETTLED');
      expect((await everyOutbox(channel).read(`${fileId}.xml`)) ?? '').toContain('<IBAN>DE02120300000000202051</IBAN>');
      expect(await checkOverdueFiles(deps, later)).toEqual({ stuck: 0 });
    } finally {
      deps = previous;
    }
  });
});
