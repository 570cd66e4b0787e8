import { KMSClient } from '@aws-sdk/client-kms';
import type { ScheduledEvent } from 'aws-lambda';
import { type ChainSweepConfig, parseChainSweepConfig } from '#shared/config/env.ts';
import { kmsSigner, type RelayerSigner } from '#shared/custody/kms-signer.ts';
import { appDeps, type Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { countMetric, gaugeMetric } from '#shared/metrics.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';
import { resolveRpcUrl } from '#shared/rails/chain/rpc-url.ts';
import { SELF_HOSTED_PROOF_ABOVE_EUR } from '#shared/travel-rule/parties.ts';
import { runTreasurySends, type SendsRun } from '#shared/treasury/run-treasury-sends.ts';
import { jsonRpcTreasuryChain } from '#shared/treasury/treasury-chain.ts';

/**
 * The treasury sends of one chain, run on a schedule (an EventBridge rule per chain in AWS, the sweepers' timer
 * locally), signed by the relayer's KMS key, the sweeper's: the same chain settings (`SWEEP_*`). Publishes the sends
 * waiting for the treasury (`TreasurySendsShort`, alarmed), those waiting for an ownership proof
 * (`TreasurySendsAwaitingProof`) and the sends whose treasury did not move by what was recorded in their block
 * (`CustodyBooksDisagree`, each logged, alarmed). An RPC failure ends the run: the next one looks up what is in flight.
 */
export function treasurySender(settings: ChainSweepConfig, depsOf: () => Deps = appDeps) {
  const dimensions = { chain: settings.chain };
  let signer: Promise<RelayerSigner> | undefined;
  return async (_event?: ScheduledEvent): Promise<SendsRun | undefined> => {
    const deps = depsOf();
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
      const port = jsonRpcTreasuryChain(await resolveRpcUrl(settings.rpc, deps.config.region));
      const run = await runTreasurySends(deps, port, await signer, {
        chain: settings.chain,
        usdcAddress: settings.usdcAddress,
        selfHostedProofAboveEur: SELF_HOSTED_PROOF_ABOVE_EUR,
      });
      gaugeMetric('TreasurySendsShort', dimensions, run.treasuryShort);
      gaugeMetric('TreasurySendsAwaitingProof', dimensions, run.awaitingProof);
      gaugeMetric('CustodyBooksDisagree', dimensions, run.treasuryDisagree.length);
      for (const treasury of run.treasuryDisagree) {
        log.error('treasury sender: a treasury did not move by the sweeps and sends recorded in a block', {
          chain: settings.chain,
          ...treasury,
        });
      }
      if (run.steps.length > 0) {
        log.info('treasury sender', {
          chain: settings.chain,
          steps: run.steps.length,
          mined: run.steps.filter((step) => step.step === 'mined').length,
          treasuryShort: run.treasuryShort,
          awaitingProof: run.awaitingProof,
        });
      }
      return run;
    } catch (error) {
      if (!(error instanceof ChainRpcError)) throw error;
      countMetric('ChainRpcErrors', dimensions);
      log.warn('treasury sender: the node failed; the next run looks up what is in flight', {
        chain: settings.chain,
        error,
      });
      return undefined;
    }
  };
}

let configured: ReturnType<typeof treasurySender> | undefined;

/** The Lambda entry: the chain and the relayer come from the function's environment (`SWEEP_*`, the sweeper's). */
export const handler = (event?: ScheduledEvent) => {
  configured ??= treasurySender(parseChainSweepConfig(process.env));
  return configured(event);
};
