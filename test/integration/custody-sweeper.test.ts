import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RelayerSigner } from '#shared/custody/kms-signer.ts';
import { reconcileCustody } from '#shared/custody/reconcile.ts';
import { jsonRpcRelayerChain, type RelayerChain } from '#shared/custody/relayer-chain.ts';
import { type SweptChain, sweepChain } from '#shared/custody/sweep-chain.ts';
import { latestSweep, listSweepsDue } from '#shared/custody/sweep-repository.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import type { Deps } from '#shared/deps.ts';
import type { ForwarderFactory } from '#shared/wallets/forwarder-address.ts';
import { creditSent, givenForwarder as givenForwarderOf } from '#test/support/custody/forwarders.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import type { TestChain } from '#test/support/rails/local-chain.ts';

/**
 * The sweeper on the real local chain, with the relayer's key in the KMS stand-in: credited deposits at forwarder
 * addresses reach the organization's treasury once, whatever crashes or races, and nothing but USDC moves.
 */
const { deps: tableDeps } = useOwnTable();
const { request } = useApi();

let chain: TestChain;
let relayer: RelayerSigner;
let factory: ForwarderFactory;
let deps: Deps;
let startBlock: bigint;
let stopChain: () => Promise<void>;

beforeAll(async () => {
  const started = await startSweeperChain();
  ({ chain, relayer, factory } = started);
  stopChain = started.stop;
  // `GET /balances` reads the treasury's USDC from the same node.
  process.env.CHAIN_RPC = JSON.stringify({ base: { url: chain.rpcUrl, usdcAddress: chain.usdcAddress } });
  const config = { ...tableDeps.config, deposits: { ...tableDeps.config.deposits, forwarders: { base: factory } } };
  deps = { ...tableDeps, config };
}, 120_000);

afterAll(async () => {
  await stopChain?.();
});

beforeEach(async () => {
  await resetChainCursor(deps.db, 'base');
  startBlock = (await chain.head()) + 1n;
});

const settings = (overrides: Partial<SweptChain> = {}): SweptChain => ({
  chain: 'base',
  usdcAddress: chain.usdcAddress,
  factory,
  thresholdUsdc: '1',
  batchSize: 20,
  ...overrides,
});
const port = () => jsonRpcRelayerChain(chain.rpcUrl);
const sweep = (p: RelayerChain = port(), s = settings()) => sweepChain(deps, p, relayer, s);

/** Credits what the chain holds: the watcher over everything since the test began, 1 confirmation. */
const credit = () => creditSent(deps, chain, startBlock);

const givenForwarder = () => givenForwarderOf(deps, request);

const balanceOf = (owner: string, token: Hex = chain.usdcAddress) => port().tokenBalance(token, owner);
const relayerNonce = () => port().nonce(relayer.address, 'latest');

const totals = (organizationId: string) =>
  readItem(deps.db, keys.custodyTotals(organizationId, 'base'), (item) => ({
    credited: BigInt(String(item.creditedMicro ?? 0)),
    swept: BigInt(String(item.sweptMicro ?? 0)),
  }));

describe('the sweeper', () => {
  it('moves credited deposits of several forwarders to their treasuries in one transaction, and records it', async () => {
    const first = await givenForwarder();
    const second = await givenForwarder();
    await chain.send(first.address, '30');
    await chain.send(first.address, '2.5');
    await chain.send(second.address, '7');
    await credit();
    expect(await listSweepsDue(deps.db, 'base')).toHaveLength(3);
    const nonce = await relayerNonce();

    const run = await sweep();

    expect(run.outcome).toBe('swept');
    expect(await relayerNonce()).toBe(nonce + 1n);
    expect(await balanceOf(first.treasury)).toBe(32_500_000n);
    expect(await balanceOf(second.treasury)).toBe(7_000_000n);
    expect(await balanceOf(first.address)).toBe(0n);
    const recorded = await latestSweep(deps.db, 'base');
    expect(recorded).toMatchObject({ status: 'MINED', txHash: run.sweep?.txHash, sweptMicro: 39_500_000n });
    expect(recorded?.forwarders.map((f) => f.deposits.length).sort()).toEqual([1, 2]);
    expect(BigInt(recorded?.gasUsed ?? '0')).toBeGreaterThan(0n);
    expect(BigInt(recorded?.feeWei ?? '0')).toBeGreaterThan(0n);
    expect(await listSweepsDue(deps.db, 'base')).toEqual([]);
    expect(await totals(first.organizationId)).toEqual({ credited: 32_500_000n, swept: 32_500_000n });
    expect((await sweep()).outcome).toBe('idle');
  });

  it('leaves a forwarder under the threshold, and sweeps it once it reaches it', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '0.6');
    await credit();
    expect((await sweep()).outcome).toBe('idle');
    expect(await reconcileCustody(deps, forwarder.organizationId)).toEqual([
      {
        chain: 'base',
        credited: '0.60',
        swept: '0.00',
        sweptBeforeCredit: '0.00',
        awaitingSweep: '0.60',
        balanced: true,
      },
    ]);
    expect(await balanceOf(forwarder.address)).toBe(600_000n);
    await chain.send(forwarder.address, '0.4');
    await credit();
    expect((await sweep()).outcome).toBe('swept');
    expect(await balanceOf(forwarder.treasury)).toBe(1_000_000n);
    expect(await reconcileCustody(deps, forwarder.organizationId)).toEqual([
      {
        chain: 'base',
        credited: '1.00',
        swept: '1.00',
        sweptBeforeCredit: '0.00',
        awaitingSweep: '0.00',
        balanced: true,
      },
    ]);
  });

  it('leaves a forwarder of another factory as it is (a factory deployed again, an earlier chain)', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '6');
    await credit();
    const another = { ...factory, factory: privateKeyToAccount(generatePrivateKey()).address };
    expect((await sweep(port(), settings({ factory: another }))).outcome).toBe('idle');
    expect(await balanceOf(forwarder.address)).toBe(6_000_000n);
    expect((await sweep()).outcome).toBe('swept');
  });

  it('counts a deposit mined between a sweep claim and its block as swept by that sweep once it is credited', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '10');
    await credit();
    const racing: RelayerChain = {
      ...port(),
      sendRawTransaction: async (raw) => {
        await chain.send(forwarder.address, '2');
        await port().sendRawTransaction(raw);
      },
    };
    expect((await sweep(racing)).outcome).toBe('swept');
    expect(await balanceOf(forwarder.address)).toBe(0n);
    expect(await balanceOf(forwarder.treasury)).toBe(12_000_000n);
    const [book] = await reconcileCustody(deps, forwarder.organizationId);
    expect(book).toMatchObject({ credited: '10.00', swept: '10.00', sweptBeforeCredit: '2.00', balanced: true });

    await credit();
    expect((await sweep()).outcome).toBe('idle');
    expect(await listSweepsDue(deps.db, 'base')).toEqual([]);
    expect(await reconcileCustody(deps, forwarder.organizationId)).toEqual([
      {
        chain: 'base',
        credited: '12.00',
        swept: '12.00',
        sweptBeforeCredit: '0.00',
        awaitingSweep: '0.00',
        balanced: true,
      },
    ]);

    // A deposit after that flush is still the forwarder's, due and swept as any other.
    await chain.send(forwarder.address, '3');
    await credit();
    expect((await sweep()).outcome).toBe('swept');
    expect(await balanceOf(forwarder.treasury)).toBe(15_000_000n);
    expect(await totals(forwarder.organizationId)).toEqual({ credited: 15_000_000n, swept: 15_000_000n });
    expect((await request('GET', '/custody/reconciliation', { key: forwarder.apiKey })).body).toMatchObject({
      chains: [{ credited: '15.00', swept: '15.00', sweptBeforeCredit: '0.00', treasuryBalance: '15.00', agree: true }],
    });
  });

  it('killed after sending and before recording: the next run records that sweep and sends nothing again', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '12');
    await credit();
    const nonce = await relayerNonce();
    const crashing: RelayerChain = {
      ...port(),
      sendRawTransaction: async (raw) => {
        await port().sendRawTransaction(raw);
        throw new Error('killed');
      },
    };
    await expect(sweep(crashing)).rejects.toThrow('killed');
    expect((await latestSweep(deps.db, 'base'))?.status).toBe('SENT');

    expect((await sweep()).outcome).toBe('idle');
    expect(await relayerNonce()).toBe(nonce + 1n);
    expect(await balanceOf(forwarder.treasury)).toBe(12_000_000n);
    expect((await latestSweep(deps.db, 'base'))?.status).toBe('MINED');
    expect(await listSweepsDue(deps.db, 'base')).toEqual([]);
  });

  it('killed after claiming and before sending: the next run broadcasts the same transaction, never a second one', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '4');
    await credit();
    const nonce = await relayerNonce();
    const dying: RelayerChain = {
      ...port(),
      sendRawTransaction: async () => {
        throw new Error('killed');
      },
    };
    await expect(sweep(dying)).rejects.toThrow('killed');
    const claimed = await latestSweep(deps.db, 'base');

    expect((await sweep()).outcome).toBe('in-flight');
    expect((await sweep()).outcome).toBe('idle');
    const recorded = await latestSweep(deps.db, 'base');
    expect(recorded).toMatchObject({ status: 'MINED', txHash: claimed?.txHash, nonce: claimed?.nonce });
    expect(await relayerNonce()).toBe(nonce + 1n);
    expect(await balanceOf(forwarder.treasury)).toBe(4_000_000n);
  });

  it('two sweepers at once sweep each deposit once', async () => {
    const forwarders = [await givenForwarder(), await givenForwarder(), await givenForwarder()];
    for (const forwarder of forwarders) await chain.send(forwarder.address, '5');
    await credit();
    const nonce = await relayerNonce();

    const runs = await Promise.all([sweep(), sweep(), sweep()]);

    expect(runs.filter((run) => run.outcome === 'swept')).toHaveLength(1);
    expect(await relayerNonce()).toBe(nonce + 1n);
    for (const forwarder of forwarders) expect(await balanceOf(forwarder.treasury)).toBe(5_000_000n);
    expect(await listSweepsDue(deps.db, 'base')).toEqual([]);
  });

  it('a sweeper that read the table before another claimed claims the same nonce, never the next one', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '4');
    await credit();
    const nonce = await relayerNonce();
    // The late sweeper has read the table and chosen its forwarders; it asks the node for the relayer's nonce only
    // after the other sweeper has claimed, sent and recorded its sweep.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const asking = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const base = port();
    const late = sweep({
      ...base,
      nonce: async (address, tag) => {
        if (tag === 'pending') {
          reached();
          await held;
        }
        return base.nonce(address, tag);
      },
    });
    await asking;
    const first = await sweep();
    release();

    expect(first.outcome).toBe('swept');
    expect((await late).outcome).toBe('claimed-elsewhere');
    expect(await relayerNonce()).toBe(nonce + 1n);
    expect(await balanceOf(forwarder.treasury)).toBe(4_000_000n);
    expect((await sweep()).outcome).toBe('idle');
  });

  it('never sweeps nor credits a token that is not the chain USDC', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '50', chain.otherToken);
    await credit();
    expect(await listSweepsDue(deps.db, 'base')).toEqual([]);
    expect((await sweep()).outcome).toBe('idle');

    await chain.send(forwarder.address, '3');
    await credit();
    expect((await sweep()).outcome).toBe('swept');
    expect(await balanceOf(forwarder.treasury)).toBe(3_000_000n);
    expect(await balanceOf(forwarder.treasury, chain.otherToken)).toBe(0n);
    expect(await balanceOf(forwarder.address, chain.otherToken)).toBe(50_000_000n);
    expect(await totals(forwarder.organizationId)).toEqual({ credited: 3_000_000n, swept: 3_000_000n });
  });

  it('answers the treasury and its USDC on GET /balances as Compose does', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '8.25');
    await credit();
    expect((await sweep()).outcome).toBe('swept');
    const { status, body } = await request('GET', '/balances', { key: forwarder.apiKey });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      nonCustodial: {
        address: forwarder.treasury,
        balances: [
          {
            currency: 'usdc',
            chain: 'base',
            balance: '8.25',
            availableBalance: '8.25',
            lockedBalance: '0.00',
            tokenAddress: chain.usdcAddress,
          },
        ],
      },
    });
    const { apiKey: without } = await givenOrganization(deps);
    expect((await request('GET', '/balances', { key: without })).body).toMatchObject({
      nonCustodial: { address: null, balances: [] },
    });
  });

  it('reconciles on GET /custody/reconciliation: the books, the treasury on chain, and a lost due item', async () => {
    const forwarder = await givenForwarder();
    await chain.send(forwarder.address, '5');
    await credit();
    expect((await sweep()).outcome).toBe('swept');
    const late = await chain.send(forwarder.address, '0.5');
    await credit();

    const { status, body } = await request('GET', '/custody/reconciliation', { key: forwarder.apiKey });
    await deps.db.client.send(
      new DeleteCommand({
        TableName: deps.db.tableName,
        Key: keys.sweepDue('base', forwarder.address, late.txHash, 0),
      }),
    );
    const lost = await request('GET', '/custody/reconciliation', { key: forwarder.apiKey });
    const { apiKey: without } = await givenOrganization(deps);

    expect(status).toBe(200);
    expect(body).toEqual({
      chains: [
        {
          chain: 'base',
          treasury: forwarder.treasury,
          credited: '5.50',
          swept: '5.00',
          sweptBeforeCredit: '0.00',
          awaitingSweep: '0.50',
          treasuryBalance: '5.00',
          balanced: true,
          treasuryHoldsSwept: true,
          // The sweeper's run checked its sweep's block against the treasury's balance.
          treasuryMovedAsSwept: true,
          sweepsNotMatched: [],
          agree: true,
        },
      ],
    });
    expect(lost.body).toMatchObject({ chains: [{ awaitingSweep: '0.00', balanced: false, agree: false }] });
    expect((await request('GET', '/custody/reconciliation', { key: without })).body).toEqual({ chains: [] });
  });
});
