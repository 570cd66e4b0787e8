import { createPublicClient, erc20Abi, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import { claimDeveloperFees } from '#shared/developer-fees/claim-developer-fees.ts';
import { ownershipMessage } from '#shared/travel-rule/ownership-proof.ts';
import { runTreasurySends, type SentChain } from '#shared/treasury/run-treasury-sends.ts';
import { sendOnRampDeposit } from '#shared/treasury/send-onramp-deposit.ts';
import { jsonRpcTreasuryChain } from '#shared/treasury/treasury-chain.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenTreasury, micro } from '#test/support/treasury/treasury-sends.ts';

/**
 * The treasury over HTTP: the organization registers its fee wallet in the console (audited) and withdraws its fees
 * with its key; a transaction's Travel Rule data and a destination wallet's ownership proof through the API; the
 * auditor's export from the console.
 */
process.env.LOG_LEVEL = 'error';
const { deps } = useOwnTable();
const { request, origin } = useApi();

let sweeper: Awaited<ReturnType<typeof startSweeperChain>>;
let settings: SentChain;

beforeAll(async () => {
  sweeper = await startSweeperChain();
  // A mined send's confirmations are read from the chain's head on this node.
  process.env.CHAIN_RPC = JSON.stringify({
    base: { url: sweeper.chain.rpcUrl, usdcAddress: sweeper.chain.usdcAddress },
  });
  settings = { chain: 'base', usdcAddress: sweeper.chain.usdcAddress, selfHostedProofAboveEur: '1000' };
}, 120_000);

afterAll(async () => {
  await sweeper?.stop();
});

const run = () => runTreasurySends(deps, jsonRpcTreasuryChain(sweeper.chain.rpcUrl), sweeper.relayer, settings);

const balanceOf = (owner: string) =>
  createPublicClient({ transport: http(sweeper.chain.rpcUrl) }).readContract({
    address: sweeper.chain.usdcAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Hex],
  });

const consoleCall = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  request<Record<string, unknown>>(method, `${origin()}/api/console${path}`, {
    headers,
    ...(body === undefined ? {} : { body }),
  });

describe("the organization's fee wallet and fee withdrawals", () => {
  it('registers the wallet in the console (owners only, audited), then withdraws fees there with the key', async () => {
    const given = await givenTreasury(deps, request, sweeper, '20');
    await request('PATCH', `/customers/${given.customerId}/developer-fees`, {
      key: given.apiKey,
      body: { developerSpreadFeeBps: 100 },
    });
    await creditBalance(deps, { organizationId: given.organizationId, customerId: given.customerId, amount: '1000' });
    await claimDeveloperFees(deps, { organizationId: given.organizationId });
    const orgWallet = privateKeyToAccount(generatePrivateKey()).address;
    const withdraw = (body: unknown) =>
      request<Record<string, unknown>>('POST', '/developer-fees/withdrawals', { key: given.apiKey, body });

    const early = await withdraw({ chain: 'base', amount: '4' });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: "Register the organization's wallet on base before withdrawing fees" });

    const admin = await givenMemberSession(deps, given.organizationId, 'admin');
    const refused = await consoleCall('POST', '/fee-wallets', admin.headers, { chain: 'base', address: orgWallet });
    expect(refused.status).toBe(403);
    const owner = await givenMemberSession(deps, given.organizationId, 'owner');
    const badAddress = await consoleCall('POST', '/fee-wallets', owner.headers, { chain: 'base', address: '0x12' });
    expect(badAddress.status).toBe(400);
    const registered = await consoleCall('POST', '/fee-wallets', owner.headers, { chain: 'base', address: orgWallet });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ chain: 'base', address: orgWallet, registeredBy: owner.email });
    const [entry] = await listAuditEntries(deps.db, given.organizationId, {
      limit: 10,
      action: 'fee-wallet.registered',
    });
    expect(entry).toMatchObject({
      actor: { kind: 'member', email: owner.email },
      target: 'fee-wallet:base',
      details: { before: '', after: orgWallet },
    });

    expect((await withdraw({ chain: 'base', amount: '11' })).status).toBe(400);
    expect((await withdraw({ chain: 'base', amount: '-1' })).status).toBe(400);
    expect((await withdraw({ chain: 'base', amount: 4 })).status).toBe(400);
    const accepted = await withdraw({ chain: 'base', amount: '4' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      purpose: 'DEVELOPER_FEE_WITHDRAWAL',
      amount: '4.00',
      to: orgWallet,
      from: given.treasury,
      status: 'WAITING',
      txHash: null,
    });

    await run();

    expect(await balanceOf(orgWallet)).toBe(micro('4'));
    const balances = await request<{ balances: { balance: string }[] }>('GET', '/balances', { key: given.apiKey });
    expect(balances.status).toBe(200);
  });
});

describe('Travel Rule data through the API', () => {
  it("answers a deposit's IVMS101 data, takes the wallet's EIP-191 proof (refusing a forged one), and exports it", async () => {
    const given = await givenTreasury(deps, request, sweeper, '2000');
    const { transaction } = await sendOnRampDeposit(deps, {
      organizationId: given.organizationId,
      customerId: given.customerId,
      walletId: given.walletId,
      amount: '1500',
    });
    const travelRulePath = `/customers/${given.customerId}/transactions/${transaction.id}/travel-rule`;
    const proofPath = `/customers/${given.customerId}/deposit/wallets/${given.walletId}/ownership-proof`;

    const read = await request<Record<string, unknown>>('GET', travelRulePath, { key: given.apiKey });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      transactionId: transaction.id,
      send: { purpose: 'ONRAMP_DEPOSIT', to: given.owner.address, status: 'WAITING', confirmations: null },
      custodian: { type: 'SELF_HOSTED' },
      ivms101: { beneficiary: { accountNumber: [given.owner.address] } },
      ownershipProof: null,
    });
    await run();
    const waiting = await request<Record<string, unknown>>('GET', travelRulePath, { key: given.apiKey });
    expect(waiting.body).toMatchObject({ send: { status: 'WAITING', waitingReason: 'OWNERSHIP_PROOF_REQUIRED' } });

    const plain = await creditBalance(deps, {
      organizationId: given.organizationId,
      customerId: given.customerId,
      amount: '5',
    });
    const none = await request('GET', `/customers/${given.customerId}/transactions/${plain.id}/travel-rule`, {
      key: given.apiKey,
    });
    expect(none.status).toBe(404);

    const ownership = await request<{ message: string; proven: boolean }>('GET', proofPath, { key: given.apiKey });
    expect(ownership.status).toBe(200);
    const message = ownershipMessage(given.organizationId, given.customerId, given.owner.address);
    expect(ownership.body).toMatchObject({ address: given.owner.address, message, proven: false, signature: null });

    const forger = privateKeyToAccount(generatePrivateKey());
    const forged = await request('POST', proofPath, {
      key: given.apiKey,
      body: { signature: await forger.signMessage({ message }) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: 'signature: The signature does not prove control of the address' });
    expect((await request('POST', proofPath, { key: given.apiKey, body: { signature: '0x12' } })).status).toBe(400);

    const signature = await given.owner.signMessage({ message });
    const proven = await request('POST', proofPath, { key: given.apiKey, body: { signature } });
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({ proven: true, signature });

    await run();
    expect(await balanceOf(given.owner.address)).toBe(micro('1500'));
    await sweeper.chain.mine(2);
    const mined = await request<{ send: { blockNumber: string } }>('GET', travelRulePath, { key: given.apiKey });
    const confirmations = Number((await sweeper.chain.head()) - BigInt(mined.body.send.blockNumber) + 1n);
    expect(confirmations).toBeGreaterThanOrEqual(3);
    expect(mined.body).toMatchObject({
      direction: 'OUTBOUND',
      deposit: null,
      send: { status: 'MINED', confirmations },
      ownershipProof: { message, signature },
    });

    const developer = await givenMemberSession(deps, given.organizationId, 'developer');
    expect((await consoleCall('GET', '/exports/travel-rule', developer.headers)).status).toBe(403);
    const auditor = await givenMemberSession(deps, given.organizationId, 'admin');
    const exported = await request<string>('GET', `${origin()}/api/console/exports/travel-rule`, {
      headers: auditor.headers,
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = String(exported.body)
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ sendId: transaction.id, ownershipProof: expect.objectContaining({ signature }) }),
    ]);
  });
});

describe('an on-ramp credit naming a destination wallet, and the sends that wait on Home', () => {
  it('sends the sandbox credit to the wallet on chain, and Home lists it while the treasury cannot cover it', async () => {
    const given = await givenTreasury(deps, request, sweeper, '5');
    const credit = (body: unknown) =>
      request<{ id: string; status: string; txHash: string | null }>(
        'POST',
        `/sandbox/customers/${given.customerId}/onramp`,
        { key: given.apiKey, body },
      );
    expect((await credit({ amount: '30', walletId: crypto.randomUUID() })).status).toBe(404);
    const deposit = await credit({ amount: '30', walletId: given.walletId });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ status: 'PROCESSING', txHash: null });
    const balance = await request('GET', `/customers/${given.customerId}/balance`, { key: given.apiKey });
    expect(balance.body).toMatchObject({ balance: '0.00' });

    const short = await run();
    expect(short.treasuryShort).toBeGreaterThanOrEqual(1);
    const viewer = await givenMemberSession(deps, given.organizationId, 'viewer');
    const home = await consoleCall('GET', '/treasury-sends/waiting', viewer.headers);
    expect(home.status).toBe(200);
    expect(home.body).toMatchObject({
      count: 1,
      byReason: { TREASURY_SHORT: 1, OWNERSHIP_PROOF_REQUIRED: 0, RETRY: 0 },
      items: [{ transactionId: deposit.body.id, amount: '30.00', status: 'WAITING', waitingReason: 'TREASURY_SHORT' }],
    });
    expect((home.body as { oldestAt: string }).oldestAt).toMatch(/^\d{4}-/);

    await sweeper.chain.send(given.treasury, '25');
    await run();

    expect(await balanceOf(given.owner.address)).toBe(micro('30'));
    const done = await request<{ status: string; txHash: string }>(
      'GET',
      `/customers/${given.customerId}/transactions/${deposit.body.id}`,
      { key: given.apiKey },
    );
    expect(done.body.status).toBe('COMPLETED');
    expect(done.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await consoleCall('GET', '/treasury-sends/waiting', viewer.headers)).body).toMatchObject({
      count: 0,
      oldestAt: null,
      items: [],
    });
  });
});
