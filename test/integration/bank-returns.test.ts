import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { recordNotificationOfChange } from '#shared/payouts/record-notification-of-change.ts';
import { QuarantineError } from '#shared/payouts/report-facts.ts';
import type { NachaNotificationOfChange } from '#shared/rails/bank/ach/nacha-returns.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import { writePain002 } from '#shared/rails/bank/report-writer.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { DEMO_BANK, demoCustomers } from '#test/support/compose/demo-requests.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';
import {
  bookedReport,
  freshChannel,
  type Reported,
  rejectedReport,
  returnedReport,
} from '#test/support/rails/bank-channel.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Reconciliation to the cent and returns after booking (shared/rails/bank/README.md): a fact that does not match
 * the payout it names quarantines its report with nothing applied; a camt.054 credit with return information fails
 * a COMPLETED payout once, with the USDC back in the balance and in the allowance period that counted it.
 */
let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

/** A sandbox customer with 1000 USDC and `count` 10 USDC payouts to an EUR bank, filed unless `filed` is false. */
async function givenFiledPayouts(count: number, filed = true) {
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
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, {});
  const payouts: (Reported & { id: string })[] = [];
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
  if (filed) await batchPayouts(deps, channel);
  const record = (id: string) => getTransactionOfCustomer(deps.db, organizationId, customerId, id);
  const fileId = (await record(payouts[0]?.id ?? ''))?.paymentFileId ?? '';
  return {
    organizationId,
    bank: () => getBankOfCustomer(deps.db, organizationId, customerId, withdrawalBankId),
    payouts,
    channel,
    fileId,
    record,
    balance: () => getBalance(deps.db, organizationId, customerId),
    allowanceSpent: async () => (await getAllowanceUsage(deps.db, organizationId))?.spent,
  };
}

async function deliver(channel: BankChannel, name: string, xml: string) {
  await channel.writeInbox(name, xml);
  return processInboxReport(deps, channel, name);
}

describe('reconciliation: every fact is checked against its payout to the cent', () => {
  it('quarantines a booking of another amount, another currency or from another account, applying none of it', async () => {
    const { payouts, channel, record, balance } = await givenFiledPayouts(2);
    const [payout, other] = payouts as [Reported & { id: string }, Reported & { id: string }];
    const before = await balance();

    const wrongAmount = await deliver(
      channel,
      'amount.xml',
      bookedReport([other, { ...payout, targetAmount: '9999.99' }]),
    );
    const wrongCurrency = await deliver(channel, 'currency.xml', bookedReport([{ ...payout, targetCurrency: 'USD' }]));
    const wrongAccount = await deliver(
      channel,
      'account.xml',
      bookedReport([payout], '2026-11-23', { iban: 'DE02120300000000202051' }),
    );
    const offByACent = await deliver(
      channel,
      'cent.xml',
      bookedReport([{ ...payout, targetAmount: new Decimal(payout.targetAmount).plus('0.01').toFixed(2) }]),
    );

    expect(wrongAmount).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} is ${payout.targetAmount} EUR; the report says 9999.99`,
    });
    expect(wrongCurrency).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} is paid in EUR; the report says USD`,
    });
    expect(wrongAccount).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} is paid from ${SANDBOX_DEBTORS.EUR.iban}; the report names DE02120300000000202051`,
    });
    expect(offByACent.outcome).toBe('quarantined');
    expect((await record(payout.id))?.status).toBe('PROCESSING');
    expect((await record(other.id))?.status).toBe('PROCESSING');
    expect(await balance()).toEqual(before);
    expect(await channel.listQuarantine()).toEqual(['account.xml', 'amount.xml', 'cent.xml', 'currency.xml']);
  });

  it('applies a status only to the file and block it names', async () => {
    const { payouts, channel, fileId, record } = await givenFiledPayouts(1);
    const [payout] = payouts as [Reported & { id: string }];

    const otherFile = await deliver(
      channel,
      'other-file.xml',
      rejectedReport([payout.reference], 'MSG-OF-ANOTHER-FILE'),
    );
    const unnamedFile = await deliver(channel, 'no-file.xml', rejectedReport([payout.reference], 'NOTPROVIDED'));
    const foreignBlock = await deliver(
      channel,
      'foreign-block.xml',
      writePain002({
        messageId: 'STATUS-FOREIGN-BLOCK',
        createdAt: new Date().toISOString(),
        originalMessageId: fileId,
        paymentInfoId: 'ANOTHER-BLOCK-1',
        payments: [{ endToEndId: payout.reference, status: 'RJCT', reason: { code: 'AC04' } }],
      }),
    );

    expect(otherFile).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} is in payment file ${fileId}, not MSG-OF-ANOTHER-FILE`,
    });
    expect(unnamedFile.outcome).toBe('quarantined');
    expect(foreignBlock).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${payout.reference} is in payment information ${fileId}-1, not ANOTHER-BLOCK-1`,
    });
    expect((await record(payout.id))?.status).toBe('PROCESSING');
    expect(await deliver(channel, 'own-file.xml', rejectedReport([payout.reference], fileId))).toMatchObject({
      outcome: 'applied',
      applied: 1,
    });
  });

  it('quarantines a booking or a rejection of a payout in no file: no bank was sent it', async () => {
    const { payouts, channel, record, balance } = await givenFiledPayouts(1, false);
    const [payout] = payouts as [Reported & { id: string }];
    const before = await balance();

    const booked = await deliver(channel, 'unsent-booked.xml', bookedReport([payout]));
    const rejected = await deliver(channel, 'unsent-rejected.xml', rejectedReport([payout.reference], 'NOTPROVIDED'));

    const never = `Not applied: Contradiction: ${payout.reference} was never sent to a bank: it is in no payment file`;
    expect(booked).toEqual({ outcome: 'quarantined', error: never });
    expect(rejected).toEqual({ outcome: 'quarantined', error: never });
    expect(await record(payout.id)).toMatchObject({ status: 'PROCESSING' });
    expect(await balance()).toEqual(before);
  });
});

describe('returns after booking', () => {
  it('a camt.054 credit with return information fails the COMPLETED payout once: reason, USDC and allowance back, one event', async () => {
    const { payouts, channel, record, balance, allowanceSpent } = await givenFiledPayouts(2);
    const [payout, kept] = payouts as [Reported & { id: string }, Reported & { id: string }];
    await deliver(channel, 'booked.xml', bookedReport([payout, kept]));
    const spentWhileCompleted = await allowanceSpent();
    const report = returnedReport([payout], 'AC04');

    const first = await deliver(channel, 'returned.xml', report);
    const again = await deliver(channel, 'returned-again.xml', report);
    const anotherCopy = await deliver(channel, 'returned-copy.xml', returnedReport([payout], 'AC04'));

    expect(first).toEqual({ outcome: 'applied', applied: 1, skipped: 0 });
    expect(again).toEqual({ outcome: 'applied', applied: 0, skipped: 1 });
    expect(anotherCopy).toEqual({ outcome: 'applied', applied: 0, skipped: 1 });
    // The booking delivered again after the return changes nothing either.
    expect(await deliver(channel, 'booked-again.xml', bookedReport([payout]))).toEqual({
      outcome: 'applied',
      applied: 0,
      skipped: 1,
    });
    const returned = await record(payout.id);
    expect(returned).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, AC04: Account closed',
    });
    expect(returned?.returnedAt).toEqual(expect.any(String));
    expect((await record(kept.id))?.status).toBe('COMPLETED');
    // 1000 less the kept payout's 10: the returned one's 10 is available again, nothing locked.
    expect(await balance()).toEqual({ available: 990_000_000n, locked: 0n });
    expect(spentWhileCompleted).toBe(20_000_000n);
    expect(await allowanceSpent()).toBe(10_000_000n);
    const changes = (await eventsOfTransaction(deps, payout.id)).filter(
      (e) => e.event_type === 'withdrawal.status_changed',
    );
    expect(changes.map((e) => [e.data.previous_status, e.data.status, e.data.failure_reason])).toEqual([
      ['PROCESSING', 'COMPLETED', undefined],
      ['COMPLETED', 'FAILED', 'Returned by the bank after booking, AC04: Account closed'],
    ]);
  });

  it('quarantines a return of a payout not yet booked, or of one the bank rejected, and a return of another amount', async () => {
    const { payouts, channel, fileId, record, balance } = await givenFiledPayouts(3);
    const [open, rejected, booked] = payouts as [
      Reported & { id: string },
      Reported & { id: string },
      Reported & { id: string },
    ];
    await deliver(channel, 'rejected.xml', rejectedReport([rejected.reference], fileId));
    await deliver(channel, 'booked.xml', bookedReport([booked]));
    const before = await balance();

    const early = await deliver(channel, 'early.xml', returnedReport([open]));
    const afterRejection = await deliver(channel, 'after-rejection.xml', returnedReport([rejected]));
    const otherAmount = await deliver(
      channel,
      'other-amount.xml',
      returnedReport([{ ...booked, targetAmount: '1.00' }]),
    );

    expect(early).toEqual({
      outcome: 'quarantined',
      error: `Not applied: ${open.reference} was returned by the bank but is PROCESSING`,
    });
    expect(afterRejection).toEqual({
      outcome: 'quarantined',
      error: `Not applied: ${rejected.reference} was returned by the bank but is FAILED`,
    });
    expect(otherAmount.outcome).toBe('quarantined');
    expect((await record(booked.id))?.status).toBe('COMPLETED');
    expect(await balance()).toEqual(before);
  });
});

describe('POST /sandbox/transactions/{id}/return', () => {
  const { request } = useApi();
  // The API serves the shared integration table, not this file's own.
  const givenVerifiedDemoCustomer = demoCustomers(integrationDeps(), request);

  it('returns a COMPLETED payout through the inbox once: 200 FAILED with the USDC back, then 409; unknown codes 400', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    // Set-up and refusals are sent again on a busy 503 (Retry-After): each answers the same however often it is sent.
    await setupRequest(
      'credit',
      () => request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '100' } }),
      201,
    );
    const bank = await setupRequest(
      'bank',
      () => request<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK }),
      201,
    );
    const created = await setupRequest(
      'withdrawal',
      () =>
        request<{ id: string }>('POST', `/customers/${customerId}/withdrawal`, {
          key,
          body: { sourceAmount: '40', withdrawalBankId: bank.body.id, idempotencyKey: 'wd_return_1' },
        }),
      201,
    );
    const id = created.body.id;

    const whileProcessing = await setupRequest(
      'return while PROCESSING',
      () => request('POST', `/sandbox/transactions/${id}/return`, { key, body: { reasonCode: 'AC04' } }),
      409,
    );
    await setupRequest('complete', () => request('POST', `/sandbox/transactions/${id}/complete`, { key }), 200);
    const unknown = await setupRequest(
      'return with a code of another rail',
      () =>
        request<{ error: string }>('POST', `/sandbox/transactions/${id}/return`, { key, body: { reasonCode: 'R01' } }),
      400,
    );
    const completed = await request<Record<string, unknown>>('GET', `/customers/${customerId}/transactions/${id}`, {
      key,
    });
    const returnAsked = Date.now();
    const returned = await request<Record<string, unknown>>('POST', `/sandbox/transactions/${id}/return`, {
      key,
      body: { reasonCode: 'AC04' },
    });
    const returnAnswered = Date.now();
    const twice = await request<{ error: string }>('POST', `/sandbox/transactions/${id}/return`, {
      key,
      body: { reasonCode: 'AC04' },
    });
    const balance = await request('GET', `/customers/${customerId}/balance`, { key });
    const read = await request<Record<string, unknown>>('GET', `/customers/${customerId}/transactions/${id}`, { key });
    const listed = await request<Record<string, unknown>[]>('GET', `/customers/${customerId}/transactions`, { key });

    expect(whileProcessing.status).toBe(409);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(
      /^reasonCode R01 is not a return reason of this payout's rail; use one of: AC01, .*AC04/,
    );
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, AC04: Account closed',
    });
    // When the return was applied, on the transaction wherever the API answers it; null before.
    expect(completed.body).toMatchObject({ status: 'COMPLETED', returnedAt: null });
    const returnedAt = Date.parse(String(returned.body.returnedAt));
    expect(returnedAt).toBeGreaterThanOrEqual(returnAsked);
    expect(returnedAt).toBeLessThanOrEqual(returnAnswered);
    expect(read.body.returnedAt).toBe(returned.body.returnedAt);
    expect(listed.body.find((transaction) => transaction.id === id)?.returnedAt).toBe(returned.body.returnedAt);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Withdrawal is FAILED; it can be returned only while COMPLETED');
    expect(balance.body).toMatchObject({ balance: '100.00', lockedBalance: '0.00' });
  });
});

describe('NACHA notifications of change', () => {
  it('are recorded on the bank the payout went to, once per original entry; one naming no payout is refused', async () => {
    const { payouts, bank } = await givenFiledPayouts(1);
    const change: NachaNotificationOfChange = {
      kind: 'notificationOfChange',
      code: 'C01',
      meaning: 'Incorrect account number',
      correctedData: '000987654321',
      originalTraceNumber: '091000010000018',
      originalReceivingBank: '02100002',
      odfi: '02100002',
      companyId: '1123456789',
      transactionCode: '21',
      amount: '0.00',
      accountNumber: '000123456789',
      identification: payouts[0]?.reference ?? '',
      name: 'ADA LOVELACE',
      secCode: 'COR',
      traceNumber: '021000020000102',
    };
    const before = await bank();

    expect(await recordNotificationOfChange(deps, change)).toBe(true);
    const recorded = await bank();
    expect(await recordNotificationOfChange(deps, change)).toBe(false);

    expect(before?.notificationOfChange).toBeUndefined();
    expect(recorded?.notificationOfChange).toEqual({
      code: 'C01',
      meaning: 'Incorrect account number',
      correctedData: '000987654321',
      originalTraceNumber: '091000010000018',
      receivedAt: expect.any(String),
    });
    expect(recorded?.version).toBe((before?.version ?? 0) + 1);
    expect(await bank()).toEqual(recorded);
    await expect(recordNotificationOfChange(deps, { ...change, identification: 'WD-NOPE-NOPE' })).rejects.toThrow(
      QuarantineError,
    );
  });
});
