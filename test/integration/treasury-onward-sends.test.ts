import { createPublicClient, createTestClient, createWalletClient, erc20Abi, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBooking, listAwaitingSend } from '#shared/bank-credits/booking-repository.ts';
import { bookingIdOf } from '#shared/bank-credits/credits-of-report.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { balanceWrites, getBalance } from '#shared/ledger/balance-repository.ts';
import { toMicro } from '#shared/money/micro.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { applyBankReport } from '#shared/payouts/apply-bank-report.ts';
import { runTreasurySends } from '#shared/treasury/run-treasury-sends.ts';
import { sendOnwardCredits } from '#shared/treasury/send-onward-credits.ts';
import { getSend } from '#shared/treasury/send-repository.ts';
import { jsonRpcTreasuryChain } from '#shared/treasury/treasury-chain.ts';
import { createWallet } from '#shared/wallets/create-wallet.ts';
import { credit, creditReport, givenPayingCustomer } from '#test/support/bank-credits/credits.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';

/**
 * A bank credit for a customer with a destination wallet (shared/treasury/README.md "Causes"): its USDC leaves the
 * balance for the wallet once, however many runs look at it; a balance spent meanwhile keeps it.
 */
process.env.LOG_LEVEL = 'error';
const { deps } = useOwnTable();

let sweeper: Awaited<ReturnType<typeof startSweeperChain>>;

beforeAll(async () => {
  sweeper = await startSweeperChain();
}, 120_000);

afterAll(async () => {
  await sweeper?.stop();
});

/** EUR 100.00 at the test rate, the developer fee 0: what the credit puts on the balance and the send moves. */
const CREDITED = '108.695652';

const balanceOf = (owner: string) =>
  createPublicClient({ transport: http(sweeper.chain.rpcUrl) }).readContract({
    address: sweeper.chain.usdcAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Hex],
  });

/** A paying customer with a destination wallet on base, its organization's base treasury holding `usdc`. */
async function givenCreditToWallet(usdc: string) {
  const customer = await givenPayingCustomer(deps);
  const treasury = privateKeyToAccount(generatePrivateKey());
  await updateOrganization(deps.db, customer.organizationId, { treasuries: { base: treasury.address } }, new Date());
  await createTestClient({ mode: 'hardhat', transport: http(sweeper.chain.rpcUrl) }).setBalance({
    address: treasury.address,
    value: parseEther('1'),
  });
  await createWalletClient({ account: treasury, transport: http(sweeper.chain.rpcUrl) }).writeContract({
    address: sweeper.chain.usdcAddress,
    abi: erc20Abi,
    functionName: 'approve',
    args: [sweeper.relayer.address as Hex, 2n ** 256n - 1n],
    chain: null,
  });
  if (usdc !== '0') await sweeper.chain.send(treasury.address, usdc);
  const owner = privateKeyToAccount(generatePrivateKey());
  await createWallet(deps, {
    organizationId: customer.organizationId,
    customerId: customer.customerId,
    address: owner.address,
    currency: 'usdc',
    chain: 'base',
  });
  const entry = credit({ remittance: [customer.reference.toLowerCase()] });
  await applyBankReport(deps, creditReport(deps, [entry]));
  const bookingId = bookingIdOf({ iban: deps.config.deposits.eurAccount.iban }, entry.bankReference);
  const booking = async () => {
    const found = await getBooking(deps.db, bookingId);
    if (!found) throw new Error('no booking');
    return found;
  };
  const available = async () => (await getBalance(deps.db, customer.organizationId, customer.customerId)).available;
  return { ...customer, bookingId, booking, available, wallet: owner.address, treasury: treasury.address };
}

const awaiting = async () => (await listAwaitingSend(deps.db, { limit: 100 })).items.map((b) => b.bookingId);

describe('a bank credit for a customer with a destination wallet', () => {
  it('is sent on once whatever the number of runs, and arrives at the wallet with its txHash on the deposit', async () => {
    const given = await givenCreditToWallet('500');
    const booked = await given.booking();
    expect(booked).toMatchObject({ status: 'CREDITED', onward: 'AWAITING_SEND' });
    expect(await given.available()).toBe(toMicro(CREDITED));

    const runs = await Promise.all([sendOnwardCredits(deps), sendOnwardCredits(deps), sendOnwardCredits(deps)]);
    const again = await sendOnwardCredits(deps);

    const steps = [...runs.flat(), ...again].filter((s) => s.bookingId === given.bookingId);
    expect(steps.filter((s) => s.step === 'sent')).toHaveLength(1);
    const sendId = booked.transactionId ?? '';
    expect(await given.booking()).toMatchObject({ status: 'CREDITED', onward: sendId, version: booked.version + 1 });
    expect(await awaiting()).not.toContain(given.bookingId);
    expect(await given.available()).toBe(0n);
    expect(await getSend(deps.db, given.organizationId, sendId)).toMatchObject({
      purpose: 'ONRAMP_DEPOSIT',
      status: 'WAITING',
      chain: 'base',
      destination: given.wallet,
      amountMicro: toMicro(CREDITED),
      transactionId: sendId,
    });

    const before = await balanceOf(given.treasury);
    const settings = {
      chain: 'base' as const,
      usdcAddress: sweeper.chain.usdcAddress,
      selfHostedProofAboveEur: '1000',
    };
    const run = await runTreasurySends(deps, jsonRpcTreasuryChain(sweeper.chain.rpcUrl), sweeper.relayer, settings);

    expect(run.steps).toContainEqual({ sendId, step: 'mined', reason: null });
    expect(await balanceOf(given.wallet)).toBe(toMicro(CREDITED));
    expect(before - (await balanceOf(given.treasury))).toBe(toMicro(CREDITED));
    const send = await getSend(deps.db, given.organizationId, sendId);
    expect(send?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const [deposit] = await given.deposits();
    expect(deposit).toMatchObject({ status: 'COMPLETED', txHash: send?.txHash });
    expect(run.treasuryDisagree).toEqual([]);
  });

  it('stays on the balance, saying why, when the balance no longer covers it', async () => {
    const given = await givenCreditToWallet('0');
    const owner = { organizationId: given.organizationId, customerId: given.customerId };
    // A payout reserved part of it meanwhile.
    await writeGuarded(deps.db, [
      { role: 'balance', item: balanceWrites.reserve(deps.db, owner, toMicro('10'), new Date().toISOString()) },
    ]);

    const steps = (await sendOnwardCredits(deps)).filter((s) => s.bookingId === given.bookingId);

    const onward = `NOT_SENT: the balance no longer covers ${CREDITED} USDC; credited to the balance`;
    expect(steps).toEqual([{ bookingId: given.bookingId, step: 'not-sent', onward }]);
    const booking = await given.booking();
    expect(booking).toMatchObject({ status: 'CREDITED', onward });
    expect(await awaiting()).not.toContain(given.bookingId);
    expect(await given.available()).toBe(toMicro(CREDITED) - toMicro('10'));
    expect(await getSend(deps.db, given.organizationId, booking.transactionId ?? '')).toBeUndefined();
    expect(await sendOnwardCredits(deps)).not.toContainEqual(expect.objectContaining({ bookingId: given.bookingId }));
  });
});
