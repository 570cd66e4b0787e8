import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, type Hex, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileTestUsdc,
  deployTestUsdc,
  mintTestUsdc,
  signer,
  transferTestUsdc,
} from '#infra/local/chain/test-usdc.ts';
import { admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';

type Transaction = { id: string; type: string; status: string; txHash: string | null; walletAddress: string | null };
type Bank = { id: string; wallets: { id: string; address: string; chain: string }[] };

describe('deposits on npm start: forwarding settled by the worker, deposit details and virtual accounts by the CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-deposits-'));
  let runtime: Runtime;
  let key: string;
  let organizationId: string;
  let customerId: string;

  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    runtime = await startRuntime(dataDir, { SANDBOX_SETTLE_AFTER_S: '1' });
    ({ apiKey: key, organizationId } = runtime.localJson());
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

  it('forwards USDC sent to a bank deposit wallet to the bank, and the sandbox settles it by itself', async () => {
    const { body: bank } = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Jane Doe',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
    });
    const wallet = bank.wallets[0];

    const forwarded = await api<Transaction>('POST', '/sandbox/deposits', {
      chain: wallet?.chain,
      address: wallet?.address,
      amount: '50',
    });
    const small = await api<Transaction>('POST', '/sandbox/deposits', {
      chain: wallet?.chain,
      address: wallet?.address,
      amount: '4.99',
    });

    expect(forwarded.body).toMatchObject({ type: 'WITHDRAWAL', status: 'PROCESSING', walletAddress: wallet?.address });
    expect(forwarded.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(small.body).toMatchObject({ type: 'DEPOSIT', status: 'COMPLETED' });
    // A real transfer of the chain's USDC test token, mined on the local chain.
    const chain = runtime.localJson().chains?.find((c) => c.chain === wallet?.chain);
    const receipt = await createPublicClient({ transport: http(chain?.rpcUrl) }).getTransactionReceipt({
      hash: forwarded.body.txHash as Hex,
    });
    expect(receipt).toMatchObject({ status: 'success', to: chain?.usdcAddress.toLowerCase() });
    // The watcher's rounds take many seconds on two busy cores: a minute before giving up.
    const deadline = Date.now() + 60_000;
    let status = forwarded.body.status;
    while (status !== 'COMPLETED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await api<Transaction>('GET', `/customers/${customerId}/transactions/${forwarded.body.id}`)).body
        .status;
    }
    expect(status).toBe('COMPLETED');
    expect((await api('GET', `/customers/${customerId}/balance`)).body).toMatchObject({
      balance: '4.99',
      availableBalance: '4.99',
      lockedBalance: '0.00',
    });
  });

  it('credits USDC sent with your own tools to a deposit address, through the chain watcher, once', async () => {
    const { body: bank } = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Jane Doe',
      iban: 'DE75512108001245126199',
      bic: 'SOGEDEFFXXX',
    });
    const wallet = bank.wallets.find((w) => w.chain === 'ethereum');
    const chain = runtime.localJson().chains?.find((c) => c.chain === 'ethereum');
    if (!wallet || !chain) throw new Error('no ethereum wallet or chain');
    const sender = createWalletClient({
      account: privateKeyToAccount(chain.fundedPrivateKey as Hex),
      chain: {
        id: chain.chainId,
        name: 'local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
      transport: http(chain.rpcUrl),
    });

    const txHash = await sender.writeContract({
      address: chain.usdcAddress as Hex,
      abi: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
      functionName: 'transfer',
      args: [wallet.address as Hex, 6_500_000n],
    });

    // The watcher's rounds take many seconds on two busy cores: a minute before giving up.
    const deadline = Date.now() + 60_000;
    let credited: Transaction[] = [];
    while (credited.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { body } = await api<Transaction[]>('GET', `/customers/${customerId}/transactions`);
      credited = body.filter((t) => t.txHash === txHash);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { body: after } = await api<Transaction[]>('GET', `/customers/${customerId}/transactions`);
    expect(credited).toMatchObject([{ type: 'WITHDRAWAL', walletAddress: wallet.address }]);
    expect(after.filter((t) => t.txHash === txHash)).toHaveLength(1);
  });

  it("sweeps USDC sent with viem to a deposit wallet to the organization's treasury, and never another token", async () => {
    const { body: bank } = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Jane Doe',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
    });
    const wallet = bank.wallets.find((w) => w.chain === 'base');
    const chain = runtime.localJson().chains?.find((c) => c.chain === 'base');
    if (!wallet || !chain) throw new Error('no base wallet or chain');
    const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
    const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
    const token = compileTestUsdc(cacheDir);
    const notUsdc = await deployTestUsdc(holder, token, 'Not USDC', 'NUSD');
    await mintTestUsdc(holder, token, notUsdc, holder.account.address, 100_000_000n);
    const reader = createPublicClient({ transport: http(chain.rpcUrl) });
    const balanceOf = (tokenAddress: string, owner: string) =>
      reader.readContract({
        address: tokenAddress as Hex,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [owner as Hex],
      });
    const treasury = (await api<{ nonCustodial: { address: string } }>('GET', '/balances')).body.nonCustodial.address;
    const before = await balanceOf(chain.usdcAddress, treasury);

    const usdcTx = await transferTestUsdc(holder, token, chain.usdcAddress as Hex, wallet.address, 3_000_000n);
    const otherTx = await transferTestUsdc(holder, token, notUsdc, wallet.address, 50_000_000n);

    // Swept within the sweep interval (3 s) once credited; the watcher's rounds take many seconds on two busy cores.
    const deadline = Date.now() + 90_000;
    while ((await balanceOf(chain.usdcAddress, wallet.address)) > 0n && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await balanceOf(chain.usdcAddress, wallet.address)).toBe(0n);
    const low = await balanceOf(chain.usdcAddress, treasury);
    const { body: balances } = await api<{ nonCustodial: { address: string; balances: { balance: string }[] } }>(
      'GET',
      '/balances',
    );
    const high = await balanceOf(chain.usdcAddress, treasury);
    expect(low - before).toBeGreaterThanOrEqual(3_000_000n);
    expect(balances.nonCustodial.address).toBe(treasury);
    const answered = balances.nonCustodial.balances.find((b) => (b as { chain?: string }).chain === 'base');
    expect(answered).toMatchObject({ currency: 'usdc', chain: 'base', tokenAddress: chain.usdcAddress });
    const answeredMicro = BigInt(Math.round(Number(answered?.balance) * 1e6));
    expect(answeredMicro >= low && answeredMicro <= high).toBe(true);
    // The other token stays at the deposit address, never reaches the treasury, and is credited to nobody.
    expect(await balanceOf(notUsdc, wallet.address)).toBe(50_000_000n);
    expect(await balanceOf(notUsdc, treasury)).toBe(0n);
    const { body: transactions } = await api<Transaction[]>('GET', `/customers/${customerId}/transactions`);
    expect(transactions.filter((t) => t.txHash === usdcTx.transactionHash)).toHaveLength(1);
    expect(transactions.filter((t) => t.txHash === otherTx.transactionHash)).toEqual([]);
  });

  it('sweeps a deposit after a restart on the same data folder, and the custody books agree (the chain starts empty)', async () => {
    const { body: bank } = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Jane Doe',
      iban: 'DE44500105175407324931',
      bic: 'INGDDEFFXXX',
    });
    const wallet = bank.wallets.find((w) => w.chain === 'base');
    if (!wallet) throw new Error('no base wallet');
    // Each chain's sweeper signs with its own relayer on the one local node: no chain's sweep took another's nonce.
    expect(runtime.output()).not.toMatch(
      /relayer has sent transactions the table does not record|sweep nonce was used/,
    );
    await runtime.stop('SIGINT');
    runtime = await startRuntime(dataDir, { SANDBOX_SETTLE_AFTER_S: '1' });
    // The earlier tests' sweeps are in the table: the relayer's nonce continues past them, the treasury holds them.
    expect(runtime.output()).toMatch(
      /Restored {9}relayer nonces base [1-9]\d*[^(]* \(past the table's sweeps\); base: /,
    );
    const chain = runtime.localJson().chains?.find((c) => c.chain === 'base');
    if (!chain) throw new Error('no base chain');
    const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
    const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
    await transferTestUsdc(holder, compileTestUsdc(cacheDir), chain.usdcAddress as Hex, wallet.address, 2_000_000n);
    const reader = createPublicClient({ transport: http(chain.rpcUrl) });
    const held = () =>
      reader.readContract({
        address: chain.usdcAddress as Hex,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [wallet.address as Hex],
      });
    const deadline = Date.now() + 90_000;
    while ((await held()) > 0n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await held()).toBe(0n);
    const { body } = await api<{ chains: { chain: string; awaitingSweep: string; agree: boolean }[] }>(
      'GET',
      '/custody/reconciliation',
    );
    expect(body.chains.find((c) => c.chain === 'base')).toMatchObject({ awaitingSweep: '0.00', agree: true });
    expect(runtime.output()).not.toContain('Nonce too high');
    expect(runtime.output()).not.toContain('custody books disagree');
  });

  it("shows the organization's EUR bank set with the admin CLI, and a virtual account opened by the operator", async () => {
    const before = await api<{ iban: string }>('GET', `/customers/${customerId}/deposit?currency=eur`);
    await admin(
      dataDir,
      ...['org', 'update', organizationId, '--eur-bank-name', 'ING Bank N.V.'],
      ...['--eur-iban', 'NL91ABNA0417164300', '--eur-bic', 'INGBNL2A'],
    );
    const requested = await api<{ id: string }>('POST', `/customers/${customerId}/virtual-account`, {
      currency: 'USD',
    });
    const opened = await admin(dataDir, 'virtual-account', 'approve', requested.body.id);

    const eur = await api('GET', `/customers/${customerId}/deposit?currency=eur`);
    const swift = await api('GET', `/customers/${customerId}/deposit?currency=usd&paymentRail=SWIFT`);

    expect(before.body.iban).not.toBe('NL91ABNA0417164300');
    expect(eur.body).toMatchObject({ bankName: 'ING Bank N.V.', iban: 'NL91ABNA0417164300', bic: 'INGBNL2A' });
    expect(opened).toMatchObject({ status: 'APPROVED', iban: expect.stringMatching(/^GB\d{2}/) });
    expect(swift.body).toMatchObject({ depositModel: 'virtual_account', iban: opened.iban });
  });
});
