import type { ScheduledEvent } from 'aws-lambda';
import { type ChainWatchConfig, parseChainWatchConfig } from '#shared/config/env.ts';
import { type WatchResult, watchChain } from '#shared/deposits/watch-chain.ts';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { countMetric, gaugeMetric } from '#shared/metrics.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';
import { resolveRpcUrl } from '#shared/rails/chain/rpc-url.ts';

/**
 * A watcher for one chain, run on a schedule (an EventBridge rule per chain in AWS, a LocalWorker timer locally).
 * Publishes `ChainWatcherLag` (head minus cursor, in blocks) every run and `ChainRpcErrors` when the node fails;
 * both are alarmed. An RPC failure ends the run without moving the cursor: the next run reads the same blocks.
 */
export function chainWatcher(settings: ChainWatchConfig) {
  const dimensions = { chain: settings.chain };
  return async (_event?: ScheduledEvent): Promise<WatchResult | undefined> => {
    const deps = appDeps();
    try {
      const port = jsonRpcChain(await resolveRpcUrl(settings.rpc, deps.config.region));
      const result = await watchChain(deps, port, settings);
      gaugeMetric('ChainWatcherLag', dimensions, Number(result.lag));
      if (result.credited > 0 || result.rewound) {
        log.info('chain watcher', {
          chain: settings.chain,
          ...result,
          head: `${result.head}`,
          cursor: `${result.cursor}`,
          lag: `${result.lag}`,
        });
      }
      return result;
    } catch (error) {
      if (!(error instanceof ChainRpcError)) throw error;
      countMetric('ChainRpcErrors', dimensions);
      log.warn('chain watcher: the node failed; the next run reads the same blocks', { chain: settings.chain, error });
      return undefined;
    }
  };
}

let configured: ReturnType<typeof chainWatcher> | undefined;

/** The Lambda entry: the chain and its settings come from the function's environment (`WATCH_*`). */
export const handler = (event?: ScheduledEvent) => {
  configured ??= chainWatcher(parseChainWatchConfig(process.env));
  return configured(event);
};
