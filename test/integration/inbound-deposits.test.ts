import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getInboundTransfer } from '#shared/deposits/inbound-transfer-repository.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { randomAddress, type Wallet, walletsOf } from '#test/support/wallets/wallet-requests.ts';
import { eventsOfTransaction } from '#test/support/withdrawals/withdrawal-requests.ts';

const deps = integrationDeps();
const { request } = useApi();

const txHash = () => `0x${randomBytes(32).toString('hex')}`;
type Balance = { balance: string; availableBalance: string; lockedBalance: string };

/** A sandbox organization's verified customer with an ACTIVE EUR bank (and its deposit wallets). */
async function givenBankWallets(options: { recipientType?: 'OTHER_INDIVIDUAL' } = {}) {
  const org = await givenOrganization(deps);
  const key = org.apiKey;
  const customerId = await givenCustomer(request, key);
  const body = options.recipientType
    ? eurBank({ recipientType: options.recipientType, beneficiaryName: 'Max Muster', addressLine1: 'A 1', city: 'B' })
    : eurBank();
  const { body: bank } = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body });
  const wallet = bank.wallets.find((w) => w.chain === 'base');
  if (!wallet) throw new Error('no base wallet');
  const deposit = (amount: string, hash = txHash(), address = wallet.address, chain = 'base') =>
    request<Transaction>('POST', '/sandbox/deposits', { key, body: { chain, address, amount, txHash: hash } });
  const balance = async () => (await request<Balance>('GET', `/customers/${customerId}/balance`, { key })).body;
  const transactions = async () =>
    (await request<Transaction[]>('GET', `/customers/${customerId}/transactions`, { key })).body;
  return { org, key, customerId, bank, wallet, deposit, balance, transactions };
}

describe('USDC arriving at a bank deposit wallet', () => {
  it('credits 4.99 USDC to the balance as a completed DEPOSIT and creates no withdrawal', async () => {
    const { wallet, deposit, balance, transactions } = await givenBankWallets();
    const hash = txHash();

    const res = await deposit('4.99', hash);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'DEPOSIT',
      status: 'COMPLETED',
      sourceAmount: '4.99',
      targetAmount: '4.99',
      targetCurrency: 'USDC',
      walletAddress: wallet.address,
      txHash: hash,
      withdrawalBank: null,
      // USDC that arrived on-chain was paid to no bank account: no deposit instructions.
      depositInstructions: null,
      completedAt: expect.any(String),
    });
    expect(await balance()).toMatchObject({ balance: '4.99', availableBalance: '4.99', lockedBalance: '0.00' });
    expect((await transactions()).map((t) => t.type)).toEqual(['DEPOSIT']);
    expect((await eventsOfTransaction(deps, res.body.id)).map((e) => [e.event_type, e.data.status])).toEqual([
      ['deposit.created', 'COMPLETED'],
    ]);
  });

  it('forwards 5 USDC to the bank: a PROCESSING WITHDRAWAL with the wallet and hash, no allowance used, settled later', async () => {
    const { key, bank, wallet, deposit, balance, transactions } = await givenBankWallets();
    const hash = txHash();

    const res = await deposit('5', hash);
    const whileProcessing = await balance();
    const allowance = await request<{ allowance: { spent: string } }>('GET', '/customers/withdrawal/allowance', {
      key,
    });
    const completed = await request<Transaction>('POST', `/sandbox/transactions/${res.body.id}/complete`, { key });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'WITHDRAWAL',
      status: 'PROCESSING',
      requiresUiAction: false,
      sourceAmount: '5.00',
      targetCurrency: 'EUR',
      withdrawalBank: { id: bank.id, iban: bank.iban },
      walletAddress: wallet.address,
      txHash: hash,
    });
    expect(whileProcessing).toMatchObject({ balance: '5.00', availableBalance: '0.00', lockedBalance: '5.00' });
    expect(allowance.body.allowance.spent).toBe('0.00');
    expect(completed.body).toMatchObject({ status: 'COMPLETED', completedAt: expect.any(String) });
    expect(await balance()).toMatchObject({ balance: '0.00', availableBalance: '0.00', lockedBalance: '0.00' });
    expect((await transactions()).map((t) => t.type)).toEqual(['WITHDRAWAL']);
    expect((await eventsOfTransaction(deps, res.body.id)).map((e) => [e.event_type, e.data.status])).toEqual([
      ['withdrawal.created', 'PROCESSING'],
      ['withdrawal.status_changed', 'COMPLETED'],
    ]);
  });

  it('keeps the funds of a forwarding payout that fails: they return to the available balance', async () => {
    const { key, deposit, balance } = await givenBankWallets();

    const res = await deposit('12.5');
    const failed = await request<Transaction>('POST', `/sandbox/transactions/${res.body.id}/fail`, {
      key,
      body: { reason: 'Beneficiary bank rejected the transfer' },
    });

    expect(failed.body).toMatchObject({ status: 'FAILED', failureReason: 'Beneficiary bank rejected the transfer' });
    expect(await balance()).toMatchObject({ availableBalance: '12.50', lockedBalance: '0.00' });
  });

  it('returns a forwarding payout that fails to start to signing, its funds available to the customer', async () => {
    const { key, deposit, balance } = await givenBankWallets();
    await request('POST', '/sandbox/faults', { key, body: { failNextExecutions: 1 } });

    const res = await deposit('20');

    expect(res.body).toMatchObject({ type: 'WITHDRAWAL', status: 'PROPOSED', requiresUiAction: true });
    expect(await balance()).toMatchObject({ availableBalance: '20.00', lockedBalance: '0.00' });
  });

  it('credits what arrives at the wallet of a bank that is not active instead of forwarding it', async () => {
    const { deposit, balance } = await givenBankWallets({ recipientType: 'OTHER_INDIVIDUAL' });

    const res = await deposit('100');

    expect(res.body).toMatchObject({ type: 'DEPOSIT', status: 'COMPLETED', sourceAmount: '100.00' });
    expect(await balance()).toMatchObject({ availableBalance: '100.00' });
  });

  it("credits a disabled customer's USDC instead of paying it out to the bank", async () => {
    const { key, customerId, deposit, balance } = await givenBankWallets();
    await request('POST', `/customers/${customerId}/disable`, { key, body: {} });

    const res = await deposit('40');

    expect(res.body).toMatchObject({ type: 'DEPOSIT', status: 'COMPLETED', sourceAmount: '40.00' });
    expect(await balance()).toMatchObject({ availableBalance: '40.00', lockedBalance: '0.00' });
  });

  it("keeps a developer fee from what a customer's deposit wallet receives, and forwards with it", async () => {
    const { key, customerId, deposit, balance } = await givenBankWallets();
    await request('PATCH', `/customers/${customerId}/developer-fees`, { key, body: { developerSpreadFeeBps: 100 } });
    await request('POST', `/customers/${customerId}/disable`, { key, body: {} });
    const credited = await deposit('40');
    await request('POST', `/customers/${customerId}/enable`, { key, body: {} });
    const forwarded = await deposit('40');

    expect(credited.body).toMatchObject({
      type: 'DEPOSIT',
      developerFee: { developerSpreadFeeBps: 100, amount: '0.40' },
    });
    // Forwarded: our fee (the 1.00 minimum) first, then 1 % of the 39.00 left: 0.39.
    expect(forwarded.body).toMatchObject({
      type: 'WITHDRAWAL',
      sourceAmount: '40.00',
      fee: '1.00',
      developerFee: { developerSpreadFeeBps: 100, amount: '0.39' },
    });
    expect(await balance()).toMatchObject({ availableBalance: '39.60' });
  });

  it('processes one transfer once, however often and however concurrently it is reported', async () => {
    const { deposit, balance, transactions } = await givenBankWallets();
    const hash = txHash();

    const reports = await Promise.all(Array.from({ length: 20 }, () => deposit('7.25', hash)));
    const later = await deposit('7.25', hash.toUpperCase().replace('0X', '0x'));

    // A report that outlived its deadline on a busy machine answers 503 with Retry-After; sent again, it is replayed.
    const answered = reports.filter((r) => r.status === 201);
    for (const busy of reports.filter((r) => r.status !== 201)) {
      expect([busy.status, busy.headers.get('retry-after') !== null], JSON.stringify(busy.body)).toEqual([503, true]);
    }
    const ids = new Set([...answered, later].map((r) => r.body.id));
    expect(answered.length).toBeGreaterThan(0);
    expect(ids.size).toBe(1);
    expect(answered.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(answered.length - 1);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await transactions()).toHaveLength(1);
    expect(await balance()).toMatchObject({ balance: '7.25', lockedBalance: '7.25' });
  });
});

describe('USDC arriving at a destination wallet', () => {
  it('credits nothing: only addresses the platform derived are credited', async () => {
    const { key, customerId, deposit, balance, transactions } = await givenBankWallets();
    const address = randomAddress();
    await request<Wallet>('POST', walletsOf(customerId), {
      key,
      body: { address, currency: 'usdc', chain: 'polygon' },
    });

    const res = await deposit('250.123456', txHash(), address, 'polygon');

    expect(res).toMatchObject({ status: 404, body: { error: 'Wallet not found' } });
    expect(await balance()).toMatchObject({ balance: '0.00' });
    expect(await transactions()).toEqual([]);
  });
});

describe("another organization's deposit address", () => {
  it('cannot be registered as a destination wallet, and a transfer to it is credited once, to its owner only', async () => {
    const owner = await givenBankWallets();
    const intruder = await givenBankWallets();
    const hash = txHash();

    const taken = await request('POST', walletsOf(intruder.customerId), {
      key: intruder.key,
      body: { address: owner.wallet.address, currency: 'usdc', chain: 'base' },
    });
    const credited = await owner.deposit('50', hash);
    const reportedByIntruder = await intruder.deposit('50', hash, owner.wallet.address);

    expect(taken).toMatchObject({ status: 409, body: { error: 'Address already in use by another wallet' } });
    expect(credited).toMatchObject({ status: 201, body: { type: 'WITHDRAWAL', sourceAmount: '50.00' } });
    expect(reportedByIntruder).toMatchObject({ status: 404, body: { error: 'Wallet not found' } });
    expect(await intruder.transactions()).toEqual([]);
    expect(await intruder.balance()).toMatchObject({ balance: '0.00' });
    expect(await owner.transactions()).toHaveLength(1);
  });
});

describe('reports the service cannot place', () => {
  it('answers 404 for an unknown address, or a wallet on another chain, and records nothing', async () => {
    const { wallet, deposit, transactions } = await givenBankWallets();
    const hashes = [txHash(), txHash()];

    const unknown = await deposit('10', hashes[0], randomAddress());
    const otherChain = await deposit('10', hashes[1], wallet.address, 'polygon');

    for (const res of [unknown, otherChain]) {
      expect(res).toMatchObject({ status: 404, body: { error: 'Wallet not found' } });
    }
    expect(await transactions()).toEqual([]);
    for (const hash of hashes) {
      expect(await getInboundTransfer(deps.db, { chain: 'base', txHash: hash ?? '', logIndex: 0 })).toBeUndefined();
    }
  });

  it("answers 404 to another organization's key, and to live organizations", async () => {
    const { wallet, transactions } = await givenBankWallets();
    const intruder = await givenOrganization(deps);
    const live = await givenOrganization(deps, { environment: 'live' });
    const body = { chain: 'base', address: wallet.address, amount: '10' };

    expect(await request('POST', '/sandbox/deposits', { key: intruder.apiKey, body })).toMatchObject({
      status: 404,
      body: { error: 'Wallet not found' },
    });
    expect(await request('POST', '/sandbox/deposits', { key: live.apiKey, body })).toMatchObject({ status: 404 });
    expect(await transactions()).toEqual([]);
  });

  it('refuses a malformed report with 400', async () => {
    const { key, wallet } = await givenBankWallets();
    const send = (body: Record<string, unknown>) => request('POST', '/sandbox/deposits', { key, body });
    const valid = { chain: 'base', address: wallet.address, amount: '10' };

    expect(await send({ ...valid, amount: '10.1234567' })).toMatchObject({
      status: 400,
      body: { error: 'amount: Must be a decimal string with at most 6 decimal places' },
    });
    expect(await send({ ...valid, txHash: '0x1234' })).toMatchObject({
      status: 400,
      body: { error: 'txHash: Must be 0x followed by 64 hex digits' },
    });
    expect(await send({ ...valid, chain: 'optimism' })).toMatchObject({
      status: 400,
      body: { error: 'chain: Must be one of: base, ethereum, polygon, arbitrum' },
    });
  });
});
