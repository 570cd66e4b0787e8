import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { chainFunctionId, scheduleChainFunction } from '#infra/aws/chain-schedule.ts';
import type { DeploymentConfig } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { grantSanctionsListsRead } from '#infra/aws/sanctions-lists.ts';
import { grantTableAccess } from '#infra/aws/table-access.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import { WATCHER_LAG_LIMIT_BLOCKS } from '#shared/deposits/watcher-lag.ts';
import { type Chain, DEFAULT_SUPPORTED_CHAINS, SupportedChainsSchema } from '#shared/money/chains.ts';

const { ChainWatcher } = BACKGROUND_FUNCTIONS;
export const CHAIN_WATCHER_HANDLER = ChainWatcher.handler;
const WATCH_EVERY = Duration.seconds(ChainWatcher.aws.everySeconds);

/**
 * Native USDC (Circle) on each chain, and the blocks a transfer must be under before it is credited: about the
 * chain's finality, conservatively (Ethereum: finalized epochs; rollups: minutes of L2 blocks; Polygon PoS: deep
 * reorganisations have happened). `chainWatchers` in the CDK context overrides any of it per chain.
 */
export const CHAIN_DEFAULTS: Record<Chain, { usdcAddress: string; confirmations: number }> = {
  ethereum: { usdcAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', confirmations: 64 },
  base: { usdcAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', confirmations: 120 },
  polygon: { usdcAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', confirmations: 256 },
  arbitrum: { usdcAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', confirmations: 240 },
  optimism: { usdcAddress: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', confirmations: 120 },
  avalanche: { usdcAddress: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', confirmations: 12 },
};

/** Every run reads at most this many blocks; the next run, a minute later, carries on. */
const BLOCKS_PER_RUN = 5_000;

export type WatchedChainSettings = {
  chain: Chain;
  usdcAddress: string;
  confirmations: number;
  startBlock: string;
  /** The SSM SecureString parameter holding the chain's RPC URL (it carries the provider's key). */
  rpcUrlParameter: string;
};

/** The chains the deployment watches: every supported chain, with the defaults and the context's overrides. */
export function watchedChains(config: DeploymentConfig): WatchedChainSettings[] {
  const chains = config.supportedChains
    ? SupportedChainsSchema.parse(config.supportedChains)
    : [...DEFAULT_SUPPORTED_CHAINS];
  return chains.map((chain) => {
    const override = config.chainWatchers?.[chain] ?? {};
    return {
      chain,
      usdcAddress: override.usdcAddress ?? CHAIN_DEFAULTS[chain].usdcAddress,
      confirmations: override.confirmations ?? CHAIN_DEFAULTS[chain].confirmations,
      startBlock: override.startBlock ?? '0',
      rpcUrlParameter: override.rpcUrlParameter ?? `/payouts/${config.stage}/rpc-url/${chain}`,
    };
  });
}

/**
 * One scheduled watcher function per chain (`ChainWatcherBase`, ...): every minute, the shared handler with that
 * chain's `WATCH_*` settings; the table access of the ingestion (read and write items, no index, no Scan); read
 * access to exactly its own RPC URL parameter; alarms on its lag and on RPC errors besides the function's own.
 */
export function addChainWatchers(
  scope: Construct,
  props: {
    table: ITable;
    alarms: Alarms;
    config: DeploymentConfig;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): Map<Chain, PayoutsFunction> {
  const { alarms, config } = props;
  const watchers = new Map<Chain, PayoutsFunction>();
  for (const watched of watchedChains(config)) {
    const id = chainFunctionId('ChainWatcher', watched.chain);
    const fn = props.newFunction(
      id,
      CHAIN_WATCHER_HANDLER,
      `USDC transfers on ${watched.chain} -> deposits`,
      Duration.minutes(1),
    );
    const environment: Record<string, string> = {
      WATCH_CHAIN: watched.chain,
      WATCH_USDC_ADDRESS: watched.usdcAddress,
      WATCH_CONFIRMATIONS: String(watched.confirmations),
      WATCH_START_BLOCK: watched.startBlock,
      WATCH_BLOCKS_PER_RUN: String(BLOCKS_PER_RUN),
      WATCH_RPC_URL_PARAMETER: watched.rpcUrlParameter,
    };
    for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
    grantTableAccess(fn, props.table, { table: 'readwrite' });
    // Every transfer's sender is screened before it is credited.
    grantSanctionsListsRead(fn, config.stage);
    const metric = scheduleChainFunction(scope, fn, {
      id,
      chain: watched.chain,
      rpcUrlParameter: watched.rpcUrlParameter,
      every: WATCH_EVERY,
      description: `Reads new USDC transfers on ${watched.chain}, every ${WATCH_EVERY.toHumanString()}`,
      stage: config.stage,
    });
    alarms.alarmOnMetric(`${id}Lag`, metric('ChainWatcherLag', 'Minimum'), {
      threshold: watched.confirmations + WATCHER_LAG_LIMIT_BLOCKS,
      evaluationPeriods: 2,
      description:
        `${id}: the cursor is more than ${WATCHER_LAG_LIMIT_BLOCKS} blocks behind ${watched.chain}'s head beyond the ` +
        `${watched.confirmations} confirmations for 10 minutes; deposits are credited late.`,
    });
    alarms.alarmOnMetric(`${id}RpcErrors`, metric('ChainRpcErrors', 'Sum'), {
      threshold: 3,
      description: `${id}: the ${watched.chain} RPC node failed 3 or more runs in 5 minutes (URL in ${watched.rpcUrlParameter}).`,
    });
    watchers.set(watched.chain, fn);
  }
  return watchers;
}
