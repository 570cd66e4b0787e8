import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSweeper } from '#functions/events/sweep-chain.ts';
import { checkSweepTreasuries } from '#shared/custody/check-sweep-treasuries.ts';
import { getCustodyReconciliation } from '#shared/custody/get-custody-reconciliation.ts';
import type { SweepRecord } from '#shared/custody/records.ts';
import { jsonRpcRelayerChain, type RelayerChain } from '#shared/custody/relayer-chain.ts';
import { type SweptChain, sweepChain } from '#shared/custody/sweep-chain.ts';
import { latestSweep } from '#shared/custody/sweep-repository.ts';
import { keys } from '#shared/db/keys.ts';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { creditSent, givenForwarder as givenForwarderOf } from '#test/support/custody/forwarders.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';

/**
 * The exact treasury check: after every mined sweep the sweeper run, as its Lambda runs it, compares the
 * treasury's USDC over the sweep's block with what the sweep recorded plus the block's other transfers, counts a
 * difference in `CustodyBooksDisagree` and logs it, and checks each sweep once.
 */
process.env.METRICS_NAMESPACE = 'PayoutsCustodyTest';
process.env.LOG_LEVEL = 'error';
const { deps: tableDeps } = useOwnTable();
const { request } = useApi();

let sweeper: Awaited<ReturnType<typeof startSweeperChain>>;
let deps: Deps;
let run: ReturnType<typeof chainSweeper>;
let settings: SweptChain;

beforeAll(async () => {
  sweeper = await startSweeperChain();
  const forwarders = { base: sweeper.factory };
  deps = { ...tableDeps, config: { ...tableDeps.config, deposits: { ...tableDeps.config.deposits, forwarders } } };
  run = chainSweeper(
    {
      chain: 'base',
      usdcAddress: sweeper.chain.usdcAddress,
      thresholdUsdc: '1',
      batchSize: 20,
      kmsKeyId: sweeper.kmsKeyId,
      kmsEndpoint: sweeper.kms.endpoint,
      rpc: { url: sweeper.chain.rpcUrl },
    },
    () => deps,
  );
  settings = {
    chain: 'base',
    usdcAddress: sweeper.chain.usdcAddress,
    factory: sweeper.factory,
    thresholdUsdc: '1',
    batchSize: 20,
  };
  await resetChainCursor(deps.db, 'base');
}, 120_000);

afterAll(async () => {
  await sweeper?.stop();
});

const output = captureOutputOfEachTest();

/** Every log and metric line written in the test (since its last `forget()`), parsed. */
const lines = () =>
  [...output.stdout().lines, ...output.stderr().lines]
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const forget = () => {
  output.stdout().clear();
  output.stderr().clear();
};
const disagreeing = () => lines().find((line) => 'CustodyBooksDisagree' in line);
const logged = () =>
  lines().filter((line) => line.message === 'chain sweeper: a treasury did not move by what its sweep recorded');
const test = () => createTestClient({ mode: 'hardhat', transport: http(sweeper.chain.rpcUrl) });
const balanceOf = (owner: string) =>
  jsonRpcRelayerChain(sweeper.chain.rpcUrl).tokenBalance(sweeper.chain.usdcAddress, owner);

const credit = () => creditSent(deps, sweeper.chain);

const givenForwarder = () => givenForwarderOf(deps, request);

/** A third party holding `usdc` USDC and gas, whose transfers are sent without waiting for their block. */
async function givenThirdParty(usdc: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  await test().setBalance({ address: account.address, value: parseEther('1') });
  await sweeper.chain.send(account.address, usdc);
  const wallet = createWalletClient({ account, transport: http(sweeper.chain.rpcUrl) });
  return (to: string, micro: bigint) =>
    wallet.writeContract({
      address: sweeper.chain.usdcAddress,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Hex, micro],
      chain: null,
    });
}

/** The sweep's record now claims `movedMicro` reached `treasury`, and is back on the list of sweeps to check. */
async function overstate(sweep: SweepRecord, treasury: string, movedMicro: string) {
  const unchecked = keys.sweepUnchecked('base', BigInt(sweep.nonce));
  await deps.db.client.send(
    new UpdateCommand({
      TableName: deps.db.tableName,
      Key: keys.sweep('base', BigInt(sweep.nonce)),
      UpdateExpression: 'SET movedToTreasuries = :moved, treasuryCheck = :none, gsi1pk = :pk, gsi1sk = :sk',
      ExpressionAttributeValues: {
        ':moved': [{ treasury, movedMicro }],
        ':none': null,
        ':pk': unchecked.gsi1pk,
        ':sk': unchecked.gsi1sk,
      },
    }),
  );
}

describe('the exact treasury check of the sweeper run', () => {
  it('agrees after a normal sweep, with third-party transfers into the treasury in the blocks around it', async () => {
    const forwarder = await givenForwarder();
    await sweeper.chain.send(forwarder.treasury, '3');
    await sweeper.chain.send(forwarder.address, '5');
    await credit();
    const node = jsonRpcRelayerChain(sweeper.chain.rpcUrl);
    // Mined at once; another transfer lands in the next block, before the run checks the sweep.
    const followed: RelayerChain = {
      ...node,
      sendRawTransaction: async (raw) => {
        await node.sendRawTransaction(raw);
        await sweeper.chain.send(forwarder.treasury, '1');
      },
    };

    expect(await sweepChain(deps, followed, sweeper.relayer, settings)).toMatchObject({
      outcome: 'swept',
      treasuryDisagree: [],
    });

    expect(await balanceOf(forwarder.treasury)).toBe(9_000_000n);
    const sweep = await latestSweep(deps.db, 'base');
    expect(sweep?.movedToTreasuries).toEqual([{ treasury: forwarder.treasury, movedMicro: 5_000_000n }]);
    expect(sweep?.treasuryCheck).toMatchObject({
      agrees: true,
      treasuries: [
        { treasury: forwarder.treasury, expectedMicro: 5_000_000n, actualMicro: 5_000_000n, otherMicro: 0n },
      ],
    });
    expect(await run()).toMatchObject({ outcome: 'idle', treasuryDisagree: [] });
    const [books] = (
      await getCustodyReconciliation(deps, {
        organizationId: forwarder.organizationId,
        treasuries: { base: forwarder.treasury },
      })
    ).chains;
    expect(books).toMatchObject({ treasuryMovedAsSwept: true, sweepsNotMatched: [], agree: true });
    expect(disagreeing()).toMatchObject({ chain: 'base', CustodyBooksDisagree: 0 });
  });

  it('accounts for transfers into and out of the treasury in the sweep block itself', async () => {
    const forwarder = await givenForwarder();
    const pay = await givenThirdParty('2');
    await sweeper.chain.send(forwarder.treasury, '1');
    // The treasury's owner spends from it: the node lets the test send as the treasury without its key.
    await test().impersonateAccount({ address: forwarder.treasury });
    await test().setBalance({ address: forwarder.treasury, value: parseEther('1') });
    const treasuryWallet = createWalletClient({ account: forwarder.treasury, transport: http(sweeper.chain.rpcUrl) });
    await sweeper.chain.send(forwarder.address, '4');
    await credit();
    const node = jsonRpcRelayerChain(sweeper.chain.rpcUrl);
    // The third party's transfer waits in the pool; the sweep's broadcast joins it and both are mined in one block.
    const together: RelayerChain = {
      ...node,
      sendRawTransaction: async (raw) => {
        await node.sendRawTransaction(raw);
        await test().mine({ blocks: 1 });
        await test().setAutomine(true);
      },
    };
    await test().setAutomine(false);
    try {
      const third = await pay(forwarder.treasury, 1_500_000n);
      const spent = await treasuryWallet.writeContract({
        address: sweeper.chain.usdcAddress,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [privateKeyToAccount(generatePrivateKey()).address, 250_000n],
        // Without it the node asks for the whole block's gas, and the transaction waits for a block of its own.
        gas: 100_000n,
        chain: null,
      });
      const swept = await sweepChain(deps, together, sweeper.relayer, settings);
      expect(swept).toMatchObject({ outcome: 'swept', treasuryDisagree: [] });
      const reader = createPublicClient({ transport: http(sweeper.chain.rpcUrl) });
      const block = async (hash: string) => (await reader.getTransactionReceipt({ hash: hash as Hex })).blockNumber;
      expect(await block(third)).toBe(await block(swept.sweep?.txHash ?? ''));
      expect(await block(spent)).toBe(await block(third));
    } finally {
      await test().setAutomine(true);
    }

    const sweep = await latestSweep(deps.db, 'base');
    expect(sweep?.treasuryCheck).toMatchObject({
      agrees: true,
      treasuries: [{ expectedMicro: 5_250_000n, actualMicro: 5_250_000n, otherMicro: 1_250_000n }],
    });
    expect(await balanceOf(forwarder.treasury)).toBe(6_250_000n);
  });

  it('reports a sweep whose record claims more than reached the treasury, once', async () => {
    const forwarder = await givenForwarder();
    await sweeper.chain.send(forwarder.address, '6');
    await credit();
    expect((await run())?.outcome).toBe('swept');
    const sweep = await latestSweep(deps.db, 'base');
    if (!sweep?.blockNumber) throw new Error('no mined sweep');

    await overstate(sweep, forwarder.treasury, '7000000');
    forget();

    expect((await run())?.treasuryDisagree).toHaveLength(1);

    expect(disagreeing()).toMatchObject({ chain: 'base', CustodyBooksDisagree: 1 });
    expect(logged()).toEqual([
      expect.objectContaining({
        chain: 'base',
        nonce: sweep.nonce,
        txHash: sweep.txHash,
        blockNumber: sweep.blockNumber,
        treasury: forwarder.treasury,
        expectedDelta: '7.00',
        actualDelta: '6.00',
      }),
    ]);
    expect((await latestSweep(deps.db, 'base'))?.treasuryCheck?.agrees).toBe(false);
    // The API read (and the console's custody block, from `agree`) shows the disagreement, not only the alarm.
    const [books] = (
      await getCustodyReconciliation(deps, {
        organizationId: forwarder.organizationId,
        treasuries: { base: forwarder.treasury },
      })
    ).chains;
    expect(books).toMatchObject({
      treasuryMovedAsSwept: false,
      sweepsNotMatched: [
        { nonce: sweep.nonce, txHash: sweep.txHash, blockNumber: sweep.blockNumber, expected: '7.00', actual: '6.00' },
      ],
      agree: false,
    });

    forget();
    expect((await run())?.treasuryDisagree).toEqual([]);
    expect(disagreeing()).toMatchObject({ CustodyBooksDisagree: 0 });
  });

  it('reports a disagreeing sweep once when two sweepers check it at the same time', async () => {
    const forwarder = await givenForwarder();
    await sweeper.chain.send(forwarder.address, '2');
    await credit();
    expect((await run())?.outcome).toBe('swept');
    const sweep = await latestSweep(deps.db, 'base');
    if (!sweep) throw new Error('no sweep');
    await overstate(sweep, forwarder.treasury, '2500000');

    const node = jsonRpcRelayerChain(sweeper.chain.rpcUrl);
    const both = await Promise.all([
      checkSweepTreasuries(deps, node, settings),
      checkSweepTreasuries(deps, node, settings),
    ]);

    expect(both.flat()).toEqual([
      expect.objectContaining({ nonce: sweep.nonce, expectedDelta: '2.50', actualDelta: '2.00' }),
    ]);
    expect(await checkSweepTreasuries(deps, node, settings)).toEqual([]);
  });
});
