import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { setAllowance } from '#shared/ledger/set-allowance.ts';
import type { NewOrganizationInput } from '#shared/organizations/new-organization.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { failTransaction } from '#shared/payouts/fail-transaction.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { cancelTransaction } from '#shared/withdrawals/cancel-transaction.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { expireDueWithdrawals } from '#shared/withdrawals/expire-withdrawals.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The clock of the code under test: real time plus an offset the tests move forward, or a frozen instant plus the
 * offset where a test must not see time pass (two busy cores can spend seconds between two of its steps).
 */
let offsetMs = 0;
let frozenAt: number | undefined;
let deps: Deps;

beforeAll(async () => {
  deps = await isolatedTableDeps(() => new Date((frozenAt ?? Date.now()) + offsetMs));
});

/** A KYC-approved customer with an ACTIVE bank, driven through the use cases on the isolated table. */
async function givenPayee(options: { balance?: string; organization?: Partial<NewOrganizationInput> } = {}) {
  const { organization } = await givenOrganization(deps, options.organization);
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId);
  if (options.balance) await creditBalance(deps, { organizationId, customerId, amount: options.balance });
  // As authentication does on every request: the organization as it is now.
  const organizationNow = async () => (await getOrganization(deps.db, organizationId)) ?? organization;
  const withdraw = async (idempotencyKey: string, sourceAmount: string) =>
    (
      await createWithdrawal(deps, {
        organization: await organizationNow(),
        customerId,
        withdrawalBankId,
        idempotencyKey,
        sourceAmount,
      })
    ).transaction;
  const statusOf = async (transactionId: string) =>
    (await getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId))?.status;
  return { organization, organizationId, customerId, withdraw, statusOf, organizationNow };
}

describe('the expiry sweep (gsi2 timers, isolated table)', () => {
  it('expires what awaits signatures once its 7-day window closed, and nothing else', async () => {
    offsetMs = 0;
    const payee = await givenPayee();
    const first = await payee.withdraw('e-1', '10');
    const second = await payee.withdraw('e-2', '10');
    const cancelled = await payee.withdraw('e-3', '10');
    await cancelTransaction(deps, { ...payee, transactionId: cancelled.id });

    offsetMs = 6 * DAY_MS;
    const early = await expireDueWithdrawals(deps);
    offsetMs = 7 * DAY_MS + MINUTE_MS;
    const due = await expireDueWithdrawals(deps);
    const again = await expireDueWithdrawals(deps);

    expect(early).toEqual({ due: 0, changed: 0 });
    expect(due).toEqual({ due: 2, changed: 2 });
    expect(again).toEqual({ due: 0, changed: 0 });
    expect([await payee.statusOf(first.id), await payee.statusOf(second.id)]).toEqual(['EXPIRED', 'EXPIRED']);
    expect(await payee.statusOf(cancelled.id)).toBe('CANCELLED');
    const events = await eventsOfTransaction(deps, first.id);
    expect(events.map((e) => [e.data.previous_status, e.data.status])).toEqual([
      [undefined, 'PROPOSED'],
      ['PROPOSED', 'EXPIRED'],
    ]);
  });
});

/** The sandbox's settlement path: batcher -> outbox -> simulator -> inbox -> reports applied. */
async function settleRun() {
  const channel = bankChannel(deps.config);
  await batchPayouts(deps, channel);
  const answered = await answerSandboxFiles(deps, channel);
  const outcomes = Object.values(await processInbox(deps, channel));
  return { answered: answered.answered, applied: outcomes.filter((o) => o.outcome === 'applied').length };
}

describe('sandbox settlement through the bank simulator (gsi2 timers, isolated table)', () => {
  it('completes sandbox payouts SANDBOX_SETTLE_AFTER_S after they start, leaving failed and live ones alone', async () => {
    offsetMs = 0;
    // "Too early" must mean before SANDBOX_SETTLE_AFTER_S whatever the machine's speed: the clock stands still.
    frozenAt = Date.now();
    onTestFinished(() => {
      frozenAt = undefined;
    });
    const settleAfterMs = (deps.config.withdrawals.sandboxSettleAfterSeconds ?? 0) * 1000;
    const payee = await givenPayee({ balance: '100' });
    const live = await givenPayee({ balance: '100', organization: { environment: 'live' } });
    const settles = await payee.withdraw('s-1', '10');
    const failed = await payee.withdraw('s-2', '10');
    const liveOne = await live.withdraw('s-3', '10');
    await failTransaction(deps, { organization: payee.organization, transactionId: failed.id });

    const tooEarly = await settleRun();
    offsetMs = settleAfterMs + 1000;
    const due = await settleRun();

    expect(tooEarly).toEqual({ answered: 0, applied: 0 });
    expect(due.answered).toBe(1);
    expect(due.applied).toBeGreaterThanOrEqual(1);
    expect(await payee.statusOf(settles.id)).toBe('COMPLETED');
    expect(await payee.statusOf(failed.id)).toBe('FAILED');
    expect(await live.statusOf(liveOne.id)).toBe('PROCESSING');
    expect(await getBalance(deps.db, payee.organizationId, payee.customerId)).toEqual({
      available: 90_000_000n,
      locked: 0n,
    });
  });
});

describe('allowance periods (isolated table, moving clock)', () => {
  it('starts a new period when the old one elapsed, and never credits an old reservation to the new period', async () => {
    offsetMs = 0;
    const payee = await givenPayee({ balance: '1000' });
    await setAllowance(deps, payee.organization, { limit: '100', resetPeriodMinutes: 60 });

    const first = await payee.withdraw('p-1', '60');
    const over = await payee.withdraw('p-2', '60');
    offsetMs = 61 * MINUTE_MS;
    const nextPeriod = await payee.withdraw('p-3', '60');
    await failTransaction(deps, { organization: await payee.organizationNow(), transactionId: first.id });

    expect([first.status, over.status, nextPeriod.status]).toEqual(['PROCESSING', 'PROPOSED', 'PROCESSING']);
    const usage = await getAllowanceUsage(deps.db, payee.organizationId);
    expect(usage?.spent).toBe(60_000_000n);
    expect(usage?.nextResetAt).toBe(
      new Date(new Date(usage?.periodStart ?? 0).getTime() + 60 * MINUTE_MS).toISOString(),
    );
    expect(await getBalance(deps.db, payee.organizationId, payee.customerId)).toEqual({
      available: 940_000_000n,
      locked: 60_000_000n,
    });
  });
});
