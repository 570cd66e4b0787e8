import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { ComparisonOperator } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { chainFunctionId, scheduleChainFunction } from '#infra/aws/chain-schedule.ts';
import { watchedChains } from '#infra/aws/chain-watchers.ts';
import { type DeploymentConfig, passedOnTo } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { grantTableAccess } from '#infra/aws/table-access.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import type { Chain } from '#shared/money/chains.ts';

const { ChainSweeper } = BACKGROUND_FUNCTIONS;
export const CHAIN_SWEEPER_HANDLER = ChainSweeper.handler;
const SWEEP_EVERY = Duration.seconds(ChainSweeper.aws.everySeconds);

/** The relayer's gas alarm: under this many gwei of the native coin (0.01 ETH), sweeps soon cannot be paid. */
export const RELAYER_GAS_ALARM_GWEI = 10_000_000;
/** A credited deposit still awaiting its sweep after this long raises the unswept alarm (a day). */
export const UNSWEPT_ALARM_SECONDS = 86_400;

export type ChainSweepers = { relayerKey: Key | undefined; sweepers: ReadonlyMap<Chain, PayoutsFunction> };

/**
 * Custody: the relayer's key in KMS (secp256k1, sign and verify only, kept when the stack goes) and one
 * scheduled sweeper per chain with a forwarder factory (`depositForwarders`), every minute. Only the sweepers may
 * use the key, and only to sign and read its public key; each reads its own chain's RPC URL parameter (the
 * watcher's). Alarms per chain: the relayer's gas balance, the oldest deposit awaiting a sweep, and organizations
 * whose custody books disagree (the reconciliation check of every run).
 */
export function addChainSweepers(
  scope: Construct,
  props: {
    table: ITable;
    alarms: Alarms;
    config: DeploymentConfig;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): ChainSweepers {
  const { alarms, config } = props;
  const forwarders = config.depositForwarders ?? {};
  const chains = watchedChains(config).filter((watched) => forwarders[watched.chain]);
  const sweepers = new Map<Chain, PayoutsFunction>();
  if (chains.length === 0) return { relayerKey: undefined, sweepers };
  const relayerKey = new Key(scope, 'RelayerKey', {
    description: 'The sweep relayer: signs the deposit forwarders flush transactions (the key never leaves KMS)',
    keySpec: KeySpec.ECC_SECG_P256K1,
    keyUsage: KeyUsage.SIGN_VERIFY,
    // Deleting it would strand the relayer's address (and the factories' sweeper role) for good.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  for (const watched of chains) {
    const id = chainFunctionId('ChainSweeper', watched.chain);
    // Up to 20 s for a receipt after the table reads and the KMS signature.
    const fn = props.newFunction(
      id,
      CHAIN_SWEEPER_HANDLER,
      `Deposit forwarders on ${watched.chain} -> treasuries`,
      Duration.minutes(1),
    );
    const environment: Record<string, string> = {
      SWEEP_CHAIN: watched.chain,
      SWEEP_USDC_ADDRESS: watched.usdcAddress,
      SWEEP_KMS_KEY_ID: relayerKey.keyArn,
      SWEEP_RPC_URL_PARAMETER: watched.rpcUrlParameter,
      ...passedOnTo(config, 'ChainSweeper'),
    };
    for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
    // gsi1: the organizations with custody totals on the chain, whose books each run checks.
    grantTableAccess(fn, props.table, { table: 'readwrite', indexes: ['gsi1'] });
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:Sign', 'kms:GetPublicKey'], resources: [relayerKey.keyArn] }),
    );
    const metric = scheduleChainFunction(scope, fn, {
      id,
      chain: watched.chain,
      rpcUrlParameter: watched.rpcUrlParameter,
      every: SWEEP_EVERY,
      description: `Sweeps ${watched.chain}'s deposit forwarders, every ${SWEEP_EVERY.toHumanString()}`,
      stage: config.stage,
    });
    alarms.alarmOnMetric(`${id}RelayerGas`, metric('RelayerGasBalanceGwei', 'Minimum'), {
      threshold: RELAYER_GAS_ALARM_GWEI,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      description: `${id}: the relayer holds under ${RELAYER_GAS_ALARM_GWEI} gwei on ${watched.chain}; send it gas before sweeps stop.`,
    });
    alarms.alarmOnMetric(`${id}Unswept`, metric('OldestUnsweptSeconds', 'Maximum'), {
      threshold: UNSWEPT_ALARM_SECONDS,
      description: `${id}: a credited deposit on ${watched.chain} has awaited its sweep for over ${UNSWEPT_ALARM_SECONDS} s (under the threshold, or sweeps failing).`,
    });
    alarms.alarmOnMetric(`${id}BooksDisagree`, metric('CustodyBooksDisagree', 'Maximum'), {
      threshold: 1,
      description:
        `${id}: an organization's custody books disagree on ${watched.chain} (credited differs from swept plus ` +
        'awaiting sweep, or its treasury holds less than was swept); the sweeper logs each with its figures.',
    });
    sweepers.set(watched.chain, fn);
  }
  return { relayerKey, sweepers };
}
