import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { watchChain } from '#shared/deposits/watch-chain.ts';
import { WATCHER_LAG_LIMIT_BLOCKS } from '#shared/deposits/watcher-lag.ts';
import type { Deps } from '#shared/deps.ts';
import { checkWatcherLag } from '#shared/doctor/check-watcher-lag.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { startTestChain, type TestChain } from '#test/support/rails/local-chain.ts';

/**
 * The doctor's watcher lag check: the cursor the real watcher moved (DynamoDB Local) against the head of a real
 * local node (Hardhat Network, test/support/rails/local-chain.ts), mined ahead of it instead of waited for.
 */
const CONFIRMATIONS = 2;
let deps: Deps;
let chain: TestChain;

beforeAll(async () => {
  // The cursor of `base` is table-wide: a table of this file's own.
  deps = await isolatedTableDeps(() => new Date());
  chain = await startTestChain();
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

const watch = async () =>
  watchChain(deps, jsonRpcChain(chain.rpcUrl), {
    chain: 'base',
    usdcAddress: chain.usdcAddress,
    usdcDecimals: 6,
    confirmations: CONFIRMATIONS,
    startBlock: 0n,
    blocksPerRun: 5_000,
    blocksPerRequest: 500,
  });
const check = () => checkWatcherLag(deps.db, { base: { url: chain.rpcUrl } }, deps.config.region);

describe("the doctor's watcher lag check", () => {
  it('passes a watcher at the head, and names it once the head is past its confirmations plus the limit', async () => {
    await resetChainCursor(deps.db, 'base');
    const noCursor = await check();
    await chain.mine(10);
    const { cursor } = await watch();
    const current = await check();
    const mined = WATCHER_LAG_LIMIT_BLOCKS + 1;
    await chain.mine(mined);
    const behind = await check();

    expect(noCursor).toMatchObject({ ok: false, detail: 'base: no cursor (the watcher has never read a block)' });
    expect(current).toEqual({
      check: 'watcher lag',
      ok: true,
      detail: expect.stringMatching(
        new RegExp(`^base: cursor ${cursor}, head ${cursor + 2n}: 2 blocks \\(\\d+ s\\) behind, 2 confirmations$`),
      ),
    });
    const behindBlocks = BigInt(CONFIRMATIONS + mined);
    expect(behind).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        new RegExp(
          `^base: cursor ${cursor}, head ${cursor + behindBlocks}: ${behindBlocks} blocks \\(\\d+ s\\) behind`,
        ),
      ),
      fix: expect.stringContaining('ChainWatcher<Chain>Lag'),
    });
    // Caught up, it passes again.
    await watch();
    expect((await check()).ok).toBe(true);
  }, 120_000);

  it('names a chain whose node does not answer, and says so when CHAIN_RPC names none', async () => {
    const down = await checkWatcherLag(deps.db, { base: { url: 'http://127.0.0.1:9/' } }, deps.config.region);
    const none = await checkWatcherLag(deps.db, {}, deps.config.region);

    expect(down).toMatchObject({ ok: false, detail: expect.stringMatching(/^base: the node did not answer \(/) });
    expect(none).toMatchObject({ ok: false, fix: expect.stringContaining('CHAIN_RPC=') });
  }, 60_000);
});
