import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox, processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { returnTransaction } from '#shared/payouts/return-transaction.ts';
import { type ReturnedEntry, writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * NACHA return files from the inbox (shared/rails/bank/README.md, Returns): an ACH payout's return entry fails the
 * COMPLETED payout once with the USDC back, through the same path as a camt.054 return; a notification of change is
 * recorded on the bank; an entry that does not match its payout (amount, account) quarantines the file whole.
 */
let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

/** A sandbox customer with 1000 USDC and `count` 10 USDC payouts to a US bank, filed by ACH and booked. */
async function givenBookedAchPayouts(count: number, channel: BankChannel = freshChannel()) {
  const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const bankId = await givenBank(deps, organizationId, customerId, { currency: 'USD' });
  const payouts = [];
  for (let i = 0; i < count; i++) {
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId: bankId,
      idempotencyKey: `ach-${i}`,
      sourceAmount: '10',
    });
    payouts.push(transaction);
  }
  await batchPayouts(deps, channel);
  const [fileName] = await everyOutbox(channel).list();
  const achFile = parseNacha((await everyOutbox(channel).read(fileName ?? '')) ?? '');
  await answerSandboxFiles(deps, channel, new Date(Date.now() + 60_000));
  await processInbox(deps, channel);
  const record = (id: string) => getTransactionOfCustomer(deps.db, organizationId, customerId, id);
  /** The original entry of a payout in the ACH file, as a return or a notification of change names it. */
  const original = (reference: string) => {
    const entry = achFile.find((r) => r.fields.individualIdentificationNumber?.trim() === reference)?.fields;
    return {
      originalTraceNumber: entry?.traceNumber ?? '',
      routingNumber: `${entry?.receivingDfi}${entry?.checkDigit}`,
      accountNumber: entry?.dfiAccountNumber?.trim() ?? '',
      amount: '',
      identification: reference,
      name: entry?.individualName?.trim() ?? '',
    };
  };
  return {
    organization,
    payouts,
    channel,
    record,
    original,
    bank: () => getBankOfCustomer(deps.db, organizationId, customerId, bankId),
    balance: () => getBalance(deps.db, organizationId, customerId),
  };
}

const returnFile = (entries: ReturnedEntry[]) =>
  writeNachaReturns({
    createdAt: new Date().toISOString(),
    originatingBank: SANDBOX_DEBTORS.USD.routingNumber,
    returningBank: '021000021',
    companyName: 'Sandbox payouts',
    companyId: SANDBOX_DEBTORS.USD.achCompanyId,
    entries,
  });

async function deliver(channel: BankChannel, name: string, body: string) {
  await channel.writeInbox(name, body);
  return processInboxReport(deps, channel, name);
}

describe('NACHA return files in the inbox', () => {
  it('a return entry fails the COMPLETED payout once with the USDC back; a notification of change is recorded on the bank', async () => {
    const { payouts, channel, record, original, bank, balance } = await givenBookedAchPayouts(2);
    const [returned, corrected] = payouts as [(typeof payouts)[0], (typeof payouts)[0]];
    expect((await record(returned.id))?.status).toBe('COMPLETED');
    const file = returnFile([
      {
        kind: 'return',
        code: 'R03',
        secCode: 'PPD',
        ...original(returned.reference),
        amount: returned.targetAmount,
      },
      {
        kind: 'notificationOfChange',
        code: 'C01',
        correctedData: '000987654321',
        ...original(corrected.reference),
        amount: '0.00',
      },
    ]);

    const first = await deliver(channel, 'RETURNS1', file);
    const again = await deliver(channel, 'RETURNS2', file);

    expect(first).toEqual({ outcome: 'applied', applied: 2, skipped: 0 });
    expect(again).toEqual({ outcome: 'applied', applied: 0, skipped: 2 });
    expect(await record(returned.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, R03: No account, or unable to locate the account',
      returnedAt: expect.any(String),
    });
    expect((await record(corrected.id))?.status).toBe('COMPLETED');
    // 1000 less the corrected payout's 10: the returned one's 10 is available again.
    expect(await balance()).toEqual({ available: 990_000_000n, locked: 0n });
    expect((await bank())?.notificationOfChange).toMatchObject({
      code: 'C01',
      correctedData: '000987654321',
      originalTraceNumber: original(corrected.reference).originalTraceNumber,
    });
    const changes = (await eventsOfTransaction(deps, returned.id)).filter(
      (e) => e.event_type === 'withdrawal.status_changed',
    );
    expect(changes.map((e) => [e.data.previous_status, e.data.status])).toEqual([
      ['PROCESSING', 'COMPLETED'],
      ['COMPLETED', 'FAILED'],
    ]);
  });

  it('quarantines a file with a return of another amount or account, or a change naming no payout, applying none of it', async () => {
    const { payouts, channel, record, original, bank } = await givenBookedAchPayouts(1);
    const [payout] = payouts as [(typeof payouts)[0]];
    const entry = { kind: 'return', code: 'R01', secCode: 'PPD', ...original(payout.reference) } as const;
    const change = { kind: 'notificationOfChange', code: 'C01', correctedData: '1', amount: '0.00' } as const;

    const otherAmount = await deliver(channel, 'AMOUNT', returnFile([{ ...entry, amount: '9999.99' }]));
    const otherAccount = await deliver(
      channel,
      'ACCOUNT',
      returnFile([{ ...entry, amount: payout.targetAmount, accountNumber: '55555' }]),
    );
    const unknownChange = await deliver(
      channel,
      'UNKNOWN',
      returnFile([
        { ...entry, amount: payout.targetAmount },
        { ...original(payout.reference), identification: 'WD-NOPE-NOPE', ...change },
      ]),
    );

    expect(otherAmount).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} is ${payout.targetAmount} USD; the report says 9999.99`,
    });
    expect(otherAccount).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} was paid to account 000123456789; the ACH entry names 55555`,
    });
    expect(unknownChange).toEqual({ outcome: 'quarantined', error: 'Not applied: Unknown payment WD-NOPE-NOPE' });
    expect((await record(payout.id))?.status).toBe('COMPLETED');
    expect((await bank())?.notificationOfChange).toBeUndefined();
    expect(await channel.listQuarantine()).toEqual(['ACCOUNT', 'AMOUNT', 'UNKNOWN']);
  });

  it('the sandbox return route sends an R-code of an ACH payout as a NACHA return file through the inbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nacha-sandbox-return-'));
    const routeDeps: Deps = {
      ...deps,
      config: { ...deps.config, bank: { ...deps.config.bank, bucket: undefined, dir } },
    };
    const { organization, payouts, balance } = await givenBookedAchPayouts(1, freshChannel());
    const [payout] = payouts as [(typeof payouts)[0]];

    const returned = await returnTransaction(routeDeps, { organization, transactionId: payout.id, reasonCode: 'R01' });

    expect(returned).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, R01: Insufficient funds',
    });
    expect(readdirSync(join(dir, 'processed'))).toEqual([expect.stringMatching(/\.return\.ach$/)]);
    expect(await balance()).toEqual({ available: 1000_000_000n, locked: 0n });
    await expect(
      returnTransaction(routeDeps, { organization, transactionId: payout.id, reasonCode: 'R01' }),
    ).rejects.toThrow('Withdrawal is FAILED; it can be returned only while COMPLETED');
  });
});
