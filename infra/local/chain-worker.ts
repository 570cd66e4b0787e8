import { chainWatcher } from '#functions/events/watch-chain.ts';
import type { LocalWorker } from '#infra/local/worker.ts';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { log } from '#shared/log.ts';
import * as z from '#shared/validation/zod.ts';

const WatchEnv = z.object({
  /** Blocks a transfer must be under before the local watchers credit it (the node mines a block a second). */
  LOCAL_CHAIN_CONFIRMATIONS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100)), 2),
  LOCAL_WATCH_EVERY_MS: z._default(z.coerce.number().check(z.int(), z.gte(100)), 1000),
});

/**
 * The chain watchers of `npm start`: the very function each chain's Lambda runs, one per development chain, on a
 * timer instead of an EventBridge schedule. The local node is new at every start, so each cursor starts over.
 */
export const chainWorker: LocalWorker = {
  name: 'chain watchers',
  start: async ({ deps, announce }) => {
    const chains = deps.config.deposits.sandboxChains;
    if (chains.length === 0) return { stop: async () => {} };
    const env = WatchEnv.parse(process.env);
    const watchers = chains.map((chain) =>
      chainWatcher({
        chain: chain.chain,
        usdcAddress: chain.usdcAddress,
        usdcDecimals: 6,
        confirmations: env.LOCAL_CHAIN_CONFIRMATIONS,
        startBlock: 0n,
        blocksPerRun: 5_000,
        blocksPerRequest: 500,
        rpc: { url: chain.rpcUrl },
      }),
    );
    for (const chain of chains) await resetChainCursor(deps.db, chain.chain);
    announce(
      `Chain watchers   ${chains.map((chain) => chain.chain).join(', ')}: every ${env.LOCAL_WATCH_EVERY_MS} ms, ` +
        `${env.LOCAL_CHAIN_CONFIRMATIONS} confirmations (LOCAL_CHAIN_CONFIRMATIONS)`,
    );
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = Promise.all(watchers.map((watch) => watch()))
        .then(() => undefined)
        .catch((error: unknown) => log.error('chain watcher failed', { error }))
        .finally(() => {
          running = undefined;
        });
    }, env.LOCAL_WATCH_EVERY_MS);
    return {
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    };
  },
};
