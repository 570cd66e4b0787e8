import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { watchedChains } from '#infra/aws/chain-watchers.ts';
import { type DeploymentConfig, METRICS_NAMESPACE } from '#infra/aws/config.ts';
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

const pascal = (chain: string) => chain.charAt(0).toUpperCase() + chain.slice(1);

export type ChainSweepers = { relayerKey: Key | undefined; sweepers: ReadonlyMap<Chain, PayoutsFunction> };

/**
 * Custody (issue 24): the relayer's key in KMS (secp256k1, sign and verify only, kept when the stack goes) and one
 * scheduled sweeper per chain with a forwarder factory (`depositForwarders`), every minute. Only the sweepers may
 * use the key, and only to sign and read its public key; each reads its own chain's RPC URL parameter (the
 * watcher's). Alarms: the relayer's gas balance and the oldest deposit awaiting a sweep, per chain.
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
    const id = `ChainSweeper${pascal(watched.chain)}`;
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
      ...(config.sweepThresholdUsdc ? { SWEEP_THRESHOLD_USDC: config.sweepThresholdUsdc } : {}),
    };
    for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
    grantTableAccess(fn, props.table, { table: 'readwrite' });
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:Sign', 'kms:GetPublicKey'], resources: [relayerKey.keyArn] }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [`arn:${Aws.PARTITION}:ssm:${Aws.REGION}:${Aws.ACCOUNT_ID}:parameter${watched.rpcUrlParameter}`],
      }),
    );
    new Rule(scope, `${id}Schedule`, {
      description: `Sweeps ${watched.chain}'s deposit forwarders, every ${SWEEP_EVERY.toHumanString()}`,
      schedule: Schedule.rate(SWEEP_EVERY),
      // A missed run is made up by the next one, which settles whatever is in flight first.
      targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
    });
    const metric = (metricName: string, statistic: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: `payouts-${config.stage}`, chain: watched.chain },
        statistic,
        period: Duration.minutes(5),
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
    sweepers.set(watched.chain, fn);
  }
  return { relayerKey, sweepers };
}
