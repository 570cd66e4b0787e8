import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { setAllowance } from '#shared/ledger/set-allowance.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import type { UsdAccount } from '#shared/rails/bank/payment-file.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { approveWithdrawal } from '#shared/withdrawals/approve-withdrawal.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

// Thanksgiving 2026 (a Federal Reserve holiday), 10:00 in New York.
const THANKSGIVING = new Date('2026-11-26T15:00:00.000Z');
let now = THANKSGIVING;
let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => now);
});
beforeEach(() => {
  now = THANKSGIVING;
});

const ADDRESS = { street: 'Park Avenue', buildingNumber: '270', postCode: '10017', town: 'New York', country: 'US' };

async function withUsdAccount(
  account: Omit<UsdAccount, 'currency' | 'name' | 'accountNumber' | 'routingNumber'>,
  requiredApprovals = 1,
) {
  const { organization } = await givenOrganization(deps, { environment: 'sandbox', requiredApprovals });
  const USD = { currency: 'USD', name: 'Acme Payouts Inc', accountNumber: '000987654321', routingNumber: '026009593' };
  return updateOrganization(
    deps.db,
    organization.organizationId,
    { payoutAccounts: { USD: { ...USD, ...account } as UsdAccount } },
    THANKSGIVING,
  );
}

/** A 10 USDC payout to a US domestic (`FEDWIRE`) bank of a new customer of `organization`. */
async function givenUsdPayout(organization: Organization) {
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, { currency: 'USD' });
  const { transaction } = await createWithdrawal(deps, {
    organization,
    customerId,
    withdrawalBankId,
    idempotencyKey: 'landing',
    sourceAmount: '10',
  });
  const stored = async () => {
    const found = await getTransactionOfCustomer(deps.db, organizationId, customerId, transaction.id);
    if (!found) throw new Error(`no transaction ${transaction.id}`);
    return toTransaction(found);
  };
  return { created: transaction, stored, locator: { organizationId, customerId, transactionId: transaction.id } };
}

describe('when a US payout lands, asked on Thanksgiving', () => {
  it('same-day ACH: the estimate, the filed answer and the NACHA effective entry date are all Friday', async () => {
    const organization = await withUsdAccount({ domesticRail: 'ACH', achCompanyId: '1123456789', achSameDay: true });
    const { created, stored } = await givenUsdPayout(organization);
    // Same-day ACH credits are available by 17:00 New York (22:00 UTC) on the settlement date.
    expect(created).toMatchObject({ paymentRail: 'FEDWIRE', expectedSettlementAt: '2026-11-27T22:00:00.000Z' });

    const channel = freshChannel();
    await batchPayouts(deps, channel);

    const [name] = await everyOutbox(channel).list();
    const batchHeader = parseNacha((await everyOutbox(channel).read(name ?? '')) ?? '')[1];
    expect(batchHeader?.fields.effectiveEntryDate).toBe('261127');
    expect(await stored()).toMatchObject({
      settlementRail: 'ACH',
      expectedSettlementAt: '2026-11-27T22:00:00.000Z',
    });
  });

  it('next-day ACH: Monday, in the estimate and the file', async () => {
    const organization = await withUsdAccount({ domesticRail: 'ACH', achCompanyId: '1123456789' });
    const { created, stored } = await givenUsdPayout(organization);
    expect(created.expectedSettlementAt).toBe('2026-11-30T13:30:00.000Z');

    const channel = freshChannel();
    await batchPayouts(deps, channel);

    const [name] = await everyOutbox(channel).list();
    expect(parseNacha((await everyOutbox(channel).read(name ?? '')) ?? '')[1]?.fields.effectiveEntryDate).toBe(
      '261130',
    );
    expect((await stored()).expectedSettlementAt).toBe('2026-11-30T13:30:00.000Z');
  });

  it('Fedwire, when the organization pays USD by Fedwire: Friday by 18:00 New York', async () => {
    const organization = await withUsdAccount({ domesticRail: 'FEDWIRE', address: ADDRESS });
    const { created } = await givenUsdPayout(organization);
    expect(created.expectedSettlementAt).toBe('2026-11-27T23:00:00.000Z');
  });

  it('a payout approved later lands as if filed when it was approved, not when it was proposed', async () => {
    const organization = await withUsdAccount({ domesticRail: 'ACH', achCompanyId: '1123456789', achSameDay: true }, 2);
    // An allowance of 0 proposes every payout: it waits for its signatures.
    const allowance = { limit: '0', resetPeriodMinutes: 0 };
    await setAllowance(deps, organization, allowance);
    const { created, stored, locator } = await givenUsdPayout({ ...organization, allowance });
    expect(created).toMatchObject({ status: 'PROPOSED', expectedSettlementAt: '2026-11-27T22:00:00.000Z' });

    // Monday 2026-11-30, 10:00 New York: the second signature starts it.
    now = new Date('2026-11-30T15:00:00.000Z');
    await approveWithdrawal(deps, organization, locator, 'alice@example.com');
    await approveWithdrawal(deps, organization, locator, 'bob@example.com');

    expect(await stored()).toMatchObject({ status: 'PROCESSING', expectedSettlementAt: '2026-11-30T22:00:00.000Z' });
  });
});
