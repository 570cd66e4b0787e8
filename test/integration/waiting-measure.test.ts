import { beforeAll, describe, expect, it } from 'vitest';
import { putSftpChannel, recordFileDelivered } from '#shared/bank-transfer/repository.ts';
import { parseConfig } from '#shared/config/env.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { initiateKyc } from '#shared/customers/initiate-kyc.ts';
import { submitKyc } from '#shared/customers/submit-kyc.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { applyBankReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import { paymentFileName } from '#shared/payouts/payout-rail.ts';
import type { PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import { getHold, holdDecision } from '#shared/screening/hold-repository.ts';
import { DepositFrozenError, holdDepositOnSanctionsHit } from '#shared/screening/hold-rules.ts';
import { holdIdOf } from '#shared/screening/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { measureWaiting, oldestWaitingSeconds, unansweredFiles } from '#shared/waiting/measure-waiting.ts';
import { REVIEW_QUEUE_MAX_AGE_HOURS } from '#shared/waiting/metrics.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { credit, creditReport } from '#test/support/bank-credits/credits.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';
import { freshChannel } from '#test/support/rails/bank-channel.ts';
import { LIST_FIXTURES_DIR, LISTED_ETH_ADDRESS } from '#test/support/screening/list-fixtures.ts';
import { EUR_ACCOUNT } from '#test/support/sftp/mover-files.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The scheduled measure of what waits (shared/waiting/): each review queue's oldest item, through the index entry
 * the writes that put items in a queue set and the ones that take them out remove; and delivered payment files past
 * their rail's answer window. On a table of this file's own (the queues span every organization), the clock moved
 * rather than waited for (decision 0035).
 */
process.env.METRICS_NAMESPACE = 'PayoutsWaitingMeasureTest';

// A Monday, 11:00 in Berlin: before SEPA's 15:00 cut-off, so a SEPA file delivered now lands Tuesday by 12:00 Berlin.
const T0 = new Date('2026-11-30T10:00:00.000Z');
const hoursAfter = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const DAY_SECONDS = REVIEW_QUEUE_MAX_AGE_HOURS * 3600;

let now = T0;
let deps: Deps;
beforeAll(async () => {
  const isolated = await isolatedTableDeps(() => now);
  // The deposit hold screens against the fixture lists.
  deps = {
    ...isolated,
    config: parseConfig({ ...process.env, TABLE_NAME: isolated.db.tableName, SANCTIONS_DIR: LIST_FIXTURES_DIR }),
  };
});

const oldest = (queue: 'KYC' | 'SCREENING' | 'SUSPENSE', at: Date) => oldestWaitingSeconds(deps, queue, at);

describe('the review queues', () => {
  it('a KYC submission waits from its submission until its verdict, and is more than a day old after 24 hours', async () => {
    now = T0;
    const { organization } = await givenOrganization(deps);
    const { organizationId } = organization;
    const { customerId } = await createCustomer(deps, {
      organizationId,
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    });
    await initiateKyc(deps, { organizationId, customerId });
    const before = await oldest('KYC', T0);
    await submitKyc(deps, { organizationId, customerId });

    expect(before).toBe(0);
    expect(await oldest('KYC', hoursAfter(23))).toBe(23 * 3600);
    expect(await oldest('KYC', hoursAfter(25))).toBeGreaterThan(DAY_SECONDS);

    now = hoursAfter(25);
    await approveKyc(deps, { organizationId, customerId });
    expect(await oldest('KYC', hoursAfter(26))).toBe(0);
  });

  it('a screening hold waits from its creation until it is decided', async () => {
    now = T0;
    const { organization } = await givenOrganization(deps);
    const transfer = {
      chain: 'base',
      address: '0x1111111111111111111111111111111111111111',
      amount: '10',
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: 0,
      from: LISTED_ETH_ADDRESS,
    };
    const input = { organizationId: organization.organizationId, customerId: 'cus_held', transfer };
    await expect(holdDepositOnSanctionsHit(deps, input)).rejects.toThrow(DepositFrozenError);

    expect(await oldest('SCREENING', hoursAfter(23))).toBe(23 * 3600);
    expect(await oldest('SCREENING', hoursAfter(25))).toBeGreaterThan(DAY_SECONDS);

    const holdId = holdIdOf({
      kind: 'deposit',
      transfer: { chain: transfer.chain, txHash: transfer.txHash, logIndex: transfer.logIndex },
    });
    const hold = (await getHold(deps.db, organization.organizationId, holdId)) ?? expect.fail('no hold');
    const at = hoursAfter(25).toISOString();
    await writeGuarded(deps.db, [
      holdDecision(deps.db, hold, { status: 'CLEARED', by: 'r@example.com', reason: 'x', at }),
    ]);
    expect(await oldest('SCREENING', hoursAfter(26))).toBe(0);
  });

  it('a credit naming nobody waits in suspense from when its report came', async () => {
    now = T0;
    await applyBankReport(deps, creditReport(deps, [credit({ remittance: ['NO REFERENCE HERE'] })]));

    expect(await oldest('SUSPENSE', hoursAfter(23))).toBe(23 * 3600);
    expect(await oldest('SUSPENSE', hoursAfter(25))).toBeGreaterThan(DAY_SECONDS);
  });
});

describe('payment files delivered and not answered', () => {
  it("are counted once past their rail's landing plus the grace, and not before", async () => {
    now = T0;
    const { organization: created } = await givenOrganization(deps, { environment: 'live' });
    const { organizationId } = created;
    const organization = await updateOrganization(
      deps.db,
      organizationId,
      { payoutAccounts: { EUR: EUR_ACCOUNT as Extract<PayoutAccount, { currency: 'EUR' }> } },
      now,
    );
    const { customerId } = await createCustomer(deps, {
      organizationId,
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    });
    await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
    await creditBalance(deps, { organizationId, customerId, amount: '1000' });
    const withdrawalBankId = await givenBank(deps, organizationId, customerId, { currency: 'EUR' });
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId,
      idempotencyKey: 'unanswered',
      sourceAmount: '10',
    });
    await batchPayouts(deps, freshChannel());
    const payout = await getTransactionOfCustomer(deps.db, organizationId, customerId, transaction.id);
    const file = (await getPaymentFile(deps.db, payout?.paymentFileId ?? '')) ?? expect.fail('no payment file');
    await putSftpChannel(deps.db, {
      organizationId,
      currency: 'EUR',
      host: '127.0.0.1',
      port: 2222,
      hostKey: `ssh-ed25519 ${'A'.repeat(68)}`,
      user: 'bank',
      privateKeySecret: 'ssh-key',
      uploadDir: '/upload',
      downloadDir: '/download',
    });
    const name = paymentFileName(file);
    await recordFileDelivered(deps.db, {
      organizationId,
      name,
      remoteName: name,
      sha256: 'f'.repeat(64),
      deliveredAt: T0.toISOString(),
    });

    // Landing: Tuesday 12:00 Berlin (11:00 UTC); plus the two hours' grace: 13:00 UTC.
    const inTime = await unansweredFiles(deps, new Date('2026-12-01T12:59:00.000Z'));
    const late = await unansweredFiles(deps, new Date('2026-12-01T13:01:00.000Z'));

    expect(inTime).toEqual([]);
    expect(late).toEqual([
      expect.objectContaining({
        organizationId,
        name,
        rail: 'SEPA',
        processing: 1,
        answerDueAt: '2026-12-01T13:00:00.000Z',
      }),
    ]);
  });
});

describe('the measure', () => {
  const output = captureOutputOfEachTest();

  // On the table as the cases above left it: the late file, the credit still in suspense, the rest decided.
  it('publishes the unanswered files and each queue oldest age as metrics', async () => {
    now = new Date('2026-12-01T13:01:00.000Z');
    const result = await measureWaiting(deps);
    const lines = output
      .stdout()
      .lines.flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    expect(lines.find((line) => 'PaymentFilesUnanswered' in line)?.PaymentFilesUnanswered).toBe(1);
    expect(
      lines
        .filter((line) => 'ReviewQueueOldestSeconds' in line)
        .map((line) => [line.queue, line.ReviewQueueOldestSeconds]),
    ).toEqual([
      ['KYC', 0],
      ['SCREENING', 0],
      ['SUSPENSE', result.oldestWaitingSeconds.SUSPENSE],
    ]);
    expect(result.oldestWaitingSeconds.SUSPENSE).toBeGreaterThan(DAY_SECONDS);
  });
});
