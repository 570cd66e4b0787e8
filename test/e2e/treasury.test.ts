import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, erc20Abi, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTestUsdc, signer, transferTestUsdc } from '#infra/local/chain/test-usdc.ts';
import { toMicro } from '#shared/money/micro.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';

type Transaction = {
  id: string;
  type: string;
  status: string;
  txHash: string | null;
  targetAmount: string;
  developerFee: { amount: string } | null;
};

describe('USDC out of the treasury on npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-treasury-'));
  let runtime: Runtime;
  let key: string;
  let customerId: string;

  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    runtime = await startRuntime(dataDir, {});
    ({ apiKey: key } = runtime.localJson());
    const customer = await runtime.given<{ customerId: string }>(
      'create customer',
      'POST',
      '/customers',
      { key, body: { name: 'Jane Doe', accountType: 'individual', email: 'jane@example.com' } },
      201,
    );
    customerId = customer.body.customerId;
    await runtime.given('approve KYC', 'POST', `/sandbox/customers/${customerId}/kyc/approve`, { key }, 200);
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends an on-ramp deposit to the customer's wallet on base, signed by the relayer, with its txHash", async () => {
    const chain = runtime.localJson().chains?.find((c) => c.chain === 'base');
    if (!chain) throw new Error('no base chain');
    const owner = privateKeyToAccount(generatePrivateKey());
    const { body: wallet } = await api<{ id: string }>('POST', `/customers/${customerId}/deposit/wallets`, {
      address: owner.address,
      currency: 'usdc',
      chain: 'base',
    });
    const reader = createPublicClient({ transport: http(chain.rpcUrl) });
    const balanceOf = (address: string) =>
      reader.readContract({
        address: chain.usdcAddress as Hex,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Hex],
      });
    const treasury = (await api<{ nonCustodial: { address: string } }>('GET', '/balances')).body.nonCustodial.address;
    const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
    const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
    await transferTestUsdc(holder, compileTestUsdc(cacheDir), chain.usdcAddress as Hex, treasury, 40_000_000n);
    const before = await balanceOf(treasury);

    const deposit = await api<Transaction>('POST', `/sandbox/customers/${customerId}/onramp`, {
      amount: '25',
      walletId: wallet.id,
    });
    expect(deposit.body).toMatchObject({ type: 'DEPOSIT', status: 'PROCESSING', txHash: null });

    // The sender runs after each sweep, every few seconds; on two busy cores, a minute before giving up.
    const deadline = Date.now() + 60_000;
    let seen = deposit.body;
    while (seen.status !== 'COMPLETED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      seen = (await api<Transaction>('GET', `/customers/${customerId}/transactions/${deposit.body.id}`)).body;
    }
    expect(seen.status).toBe('COMPLETED');
    expect(seen.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(owner.address)).toBe(25_000_000n);
    expect(before - (await balanceOf(treasury))).toBe(25_000_000n);
    const receipt = await reader.getTransactionReceipt({ hash: seen.txHash as Hex });
    expect(receipt.status).toBe('success');
    const reconciliation = await api<{ chains: { chain: string; agree: boolean }[] }>('GET', '/custody/reconciliation');
    expect(reconciliation.body.chains.find((c) => c.chain === 'base')).toMatchObject({ agree: true });
  });

  it("sends a bank pay-in of EUR 100.00 on to the customer's wallet on base, off its balance", async () => {
    const chain = runtime.localJson().chains?.find((c) => c.chain === 'base');
    if (!chain) throw new Error('no base chain');
    const { body: payer } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'John Payer',
      accountType: 'individual',
      email: 'john@example.com',
    });
    await api('POST', `/sandbox/customers/${payer.customerId}/kyc/approve`);
    const owner = privateKeyToAccount(generatePrivateKey());
    await api('POST', `/customers/${payer.customerId}/deposit/wallets`, {
      address: owner.address,
      currency: 'usdc',
      chain: 'base',
    });
    const reader = createPublicClient({ transport: http(chain.rpcUrl) });
    const balanceOf = (address: string) =>
      reader.readContract({
        address: chain.usdcAddress as Hex,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Hex],
      });
    const treasury = (await api<{ nonCustodial: { address: string } }>('GET', '/balances')).body.nonCustodial.address;
    const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
    const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
    await transferTestUsdc(holder, compileTestUsdc(cacheDir), chain.usdcAddress as Hex, treasury, 200_000_000n);
    const details = await api<{ reference: string }>('GET', `/customers/${payer.customerId}/deposit?currency=eur`);
    const before = await balanceOf(treasury);

    const payIn = await api<{ status: string; transaction: Transaction }>('POST', '/sandbox/bank-credits', {
      currency: 'EUR',
      amount: '100.00',
      reference: details.body.reference,
      payerName: 'John Payer',
    });
    expect(payIn.body).toMatchObject({ status: 'CREDITED', transaction: { type: 'DEPOSIT', status: 'COMPLETED' } });
    const deposit = payIn.body.transaction;
    const sent = toMicro(deposit.targetAmount) - toMicro(deposit.developerFee?.amount ?? '0');

    // The sender runs after each sweep, every few seconds; on two busy cores, a minute before giving up.
    const deadline = Date.now() + 60_000;
    let seen = deposit;
    while (seen.txHash === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      seen = (await api<Transaction>('GET', `/customers/${payer.customerId}/transactions/${deposit.id}`)).body;
    }
    expect(seen).toMatchObject({ status: 'COMPLETED', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(await balanceOf(owner.address)).toBe(sent);
    expect(before - (await balanceOf(treasury))).toBe(sent);
    const balance = await api<{ availableBalance: string }>('GET', `/customers/${payer.customerId}/balance`);
    expect(toMicro(balance.body.availableBalance)).toBe(0n);
  });
});
