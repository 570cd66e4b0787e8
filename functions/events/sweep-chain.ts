import { KMSClient } from '@aws-sdk/client-kms';
import type { ScheduledEvent } from 'aws-lambda';
import { type ChainSweepConfig, parseChainSweepConfig } from '#shared/config/env.ts';
import { kmsSigner, type RelayerSigner } from '#shared/custody/kms-signer.ts';
import { jsonRpcRelayerChain } from '#shared/custody/relayer-chain.ts';
import { type SweepRun, sweepChain } from '#shared/custody/sweep-chain.ts';
import { appDeps, type Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { countMetric, gaugeMetric } from '#shared/metrics.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';
import { resolveRpcUrl } from '#shared/rails/chain/rpc-url.ts';

/**
 * A sweeper for one chain, run on a schedule (an EventBridge rule per chain in AWS, a timer locally). Publishes the
 * relayer's gas balance (`RelayerGasBalanceGwei`), the age of the oldest deposit awaiting a sweep
 * (`OldestUnsweptSeconds`) and the organizations whose custody books disagree plus the treasuries of the sweeps checked
 * this run that did not move by what was swept (`CustodyBooksDisagree`, each logged) every run; all are alarmed. An
 * RPC failure ends the run: the next one settles whatever it left in flight.
 */
export function chainSweeper(settings: ChainSweepConfig, depsOf: () => Deps = appDeps) {
  const dimensions = { chain: settings.chain };
  let signer: Promise<RelayerSigner> | undefined;
  return async (_event?: ScheduledEvent): Promise<SweepRun | undefined> => {
    const deps = depsOf();
    const factory = deps.config.deposits.forwarders[settings.chain];
    if (!factory) throw new Error(`DEPOSIT_FORWARDERS names no factory for ${settings.chain}`);
    signer ??= kmsSigner(
      new KMSClient({
        region: deps.config.region,
        ...(settings.kmsEndpoint ? { endpoint: settings.kmsEndpoint } : {}),
      }),
      settings.kmsKeyId,
    ).catch((error: unknown) => {
      signer = undefined;
      throw error;
    });
    try {
      const port = jsonRpcRelayerChain(await resolveRpcUrl(settings.rpc, deps.config.region));
      const run = await sweepChain(deps, port, await signer, { ...settings, factory });
      gaugeMetric('RelayerGasBalanceGwei', dimensions, Number(run.relayerBalanceWei / 1_000_000_000n));
      gaugeMetric('OldestUnsweptSeconds', dimensions, Math.round(run.oldestAwaitingSeconds));
      gaugeMetric('CustodyBooksDisagree', dimensions, run.booksDisagree.length + run.treasuryDisagree.length);
      for (const books of run.booksDisagree) {
        log.error('chain sweeper: custody books disagree', { chain: settings.chain, ...books });
      }
      for (const treasury of run.treasuryDisagree) {
        log.error('chain sweeper: a treasury did not move by what its sweep recorded', {
          chain: settings.chain,
          ...treasury,
        });
      }
      if (run.sweep) {
        log.info('chain sweeper', {
          chain: settings.chain,
          outcome: run.outcome,
          txHash: run.sweep.txHash,
          nonce: run.sweep.nonce,
          status: run.sweep.status,
          forwarders: run.sweep.forwarders.length,
          gasUsed: run.sweep.gasUsed,
        });
      }
      return run;
    } catch (error) {
      if (!(error instanceof ChainRpcError)) throw error;
      countMetric('ChainRpcErrors', dimensions);
      log.warn('chain sweeper: the node failed; the next run settles what is in flight', {
        chain: settings.chain,
        error,
      });
      return undefined;
    }
  };
}

let configured: ReturnType<typeof chainSweeper> | undefined;

/** The Lambda entry: the chain and its settings come from the function's environment (`SWEEP_*`). */
export const handler = (event?: ScheduledEvent) => {
  configured ??= chainSweeper(parseChainSweepConfig(process.env));
  return configured(event);
};
