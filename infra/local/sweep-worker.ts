import { treasurySender } from '#functions/events/run-treasury-sends.ts';
import { chainSweeper } from '#functions/events/sweep-chain.ts';
import { relayerKeyId } from '#infra/local/custody.ts';
import type { LocalWorker } from '#infra/local/worker.ts';
import { log } from '#shared/log.ts';
import * as z from '#shared/validation/zod.ts';

const SweepEnv = z.object({
  LOCAL_SWEEP_EVERY_MS: z._default(z.coerce.number().check(z.int(), z.gte(500)), 3000),
  /** At most 1 USDC locally, so a sandbox deposit is seen leaving for the treasury within seconds. */
  LOCAL_SWEEP_THRESHOLD_USDC: z._default(z.string().check(z.regex(/^\d{1,12}(\.\d{1,6})?$/)), '1'),
  /** Set by `npm start` when it started the KMS stand-in (infra/local/custody.ts); unset, no sweeper runs. */
  KMS_ENDPOINT: z.optional(z.url()),
});

/**
 * The chain sweepers and treasury senders of `npm start`: the very functions each chain's Lambdas run, one of each per
 * development chain with a forwarder factory, on a timer instead of an EventBridge schedule, signing with the KMS
 * stand-in. A chain's sender runs after its sweeper: they sign with the one relayer, whose nonces they share.
 */
export const sweepWorker: LocalWorker = {
  name: 'chain sweepers',
  start: async ({ deps, announce }) => {
    const env = SweepEnv.parse(process.env);
    const chains = deps.config.deposits.sandboxChains.filter((chain) => deps.config.deposits.forwarders[chain.chain]);
    const kmsEndpoint = env.KMS_ENDPOINT;
    if (chains.length === 0 || !kmsEndpoint) return { stop: async () => {} };
    const runs = chains.map((chain) => {
      const settings = {
        chain: chain.chain,
        usdcAddress: chain.usdcAddress,
        thresholdUsdc: env.LOCAL_SWEEP_THRESHOLD_USDC,
        batchSize: 20,
        kmsKeyId: relayerKeyId(chain.chain),
        kmsEndpoint,
        rpc: { url: chain.rpcUrl },
      };
      const sweep = chainSweeper(settings);
      const send = treasurySender(settings);
      return async () => {
        await sweep();
        await send();
      };
    });
    announce(
      `Chain sweepers   ${chains.map((chain) => chain.chain).join(', ')}: every ${env.LOCAL_SWEEP_EVERY_MS} ms, ` +
        `forwarders holding at least ${env.LOCAL_SWEEP_THRESHOLD_USDC} USDC (LOCAL_SWEEP_THRESHOLD_USDC); then the treasury sends`,
    );
    let running: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (running) return;
      running = Promise.all(runs.map((run) => run()))
        .then(() => undefined)
        .catch((error: unknown) => log.error('chain sweeper or treasury sender failed', { error }))
        .finally(() => {
          running = undefined;
        });
    }, env.LOCAL_SWEEP_EVERY_MS);
    return {
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    };
  },
};
