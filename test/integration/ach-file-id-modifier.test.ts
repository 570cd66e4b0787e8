import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { nextAchFileOfDay } from '#shared/payouts/payment-file-repository.ts';
import { fileIdModifierOf, NoFileIdModifierLeftError } from '#shared/rails/bank/ach/nacha.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The file id modifier of an ACH file (shared/rails/bank/README.md, Files) comes from a stored count of the
 * originator's files of the day, so two files of one originator never share one, even within a minute.
 */
let deps: Deps;

beforeAll(async () => {
  deps = await isolatedTableDeps(() => new Date());
});

async function givenAchPayout(index: number) {
  const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '100' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, { currency: 'USD' });
  await createWithdrawal(deps, {
    organization,
    customerId,
    withdrawalBankId,
    idempotencyKey: `ach-${index}`,
    sourceAmount: '10',
  });
}

describe('ACH file id modifier', () => {
  it('differs between files of one originator created in the same minute', async () => {
    // Sandbox organizations share the sandbox bank's USD account: one originator, one file each, in one run.
    await givenAchPayout(1);
    await givenAchPayout(2);
    await givenAchPayout(3);
    const channel = freshChannel();

    await batchPayouts(deps, channel);

    const modifiers = [];
    for (const name of await everyOutbox(channel).list()) {
      const header = parseNacha((await everyOutbox(channel).read(name)) ?? '')[0];
      modifiers.push(header?.fields.fileIdModifier);
    }
    expect(modifiers).toHaveLength(3);
    expect(new Set(modifiers).size).toBe(3);
    expect(modifiers.sort()).toEqual(['A', 'B', 'C']);
  });

  it('counts per originator and day, and has 36 modifiers a day', async () => {
    const originator = { routingNumber: '026009593', companyId: '9876543210' };
    const first = await nextAchFileOfDay(deps.db, originator, '2026-11-26');
    const second = await nextAchFileOfDay(deps.db, originator, '2026-11-26');
    const nextDay = await nextAchFileOfDay(deps.db, originator, '2026-11-27');
    const other = await nextAchFileOfDay(deps.db, { ...originator, companyId: '1111111111' }, '2026-11-26');

    expect([first, second, nextDay, other]).toEqual([0, 1, 0, 0]);
    const all = Array.from({ length: 36 }, (_, i) => fileIdModifierOf(i));
    expect(all.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    expect(() => fileIdModifierOf(36)).toThrow(NoFileIdModifierLeftError);
  });
});
