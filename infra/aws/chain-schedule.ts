import { Aws, Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import type { Chain } from '#shared/money/chains.ts';

/** The construct id of a chain's function: `ChainWatcherBase`, `ChainSweeperPolygon`, ... */
export const chainFunctionId = (prefix: string, chain: Chain) =>
  `${prefix}${chain.charAt(0).toUpperCase()}${chain.slice(1)}`;

/** One of the chain function's own metrics (dimensions `service` and `chain`), over five minutes. */
export type ChainMetric = (metricName: string, statistic: string) => Metric;

/**
 * What every per-chain background function shares (the watchers, the sweepers): read access to exactly its own
 * chain's RPC URL parameter, an EventBridge rule running it every `every` with no retry (a missed run is made up by
 * the next one: the watcher's cursor, the sweeper's settling of what is in flight), and its metrics.
 */
export function scheduleChainFunction(
  scope: Construct,
  fn: PayoutsFunction,
  props: { id: string; chain: Chain; rpcUrlParameter: string; every: Duration; description: string; stage: string },
): ChainMetric {
  // The URL's SecureString is encrypted with the account's aws/ssm key, which needs no key policy grant.
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: [`arn:${Aws.PARTITION}:ssm:${Aws.REGION}:${Aws.ACCOUNT_ID}:parameter${props.rpcUrlParameter}`],
    }),
  );
  new Rule(scope, `${props.id}Schedule`, {
    description: props.description,
    schedule: Schedule.rate(props.every),
    targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
  });
  return (metricName, statistic) =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: `payouts-${props.stage}`, chain: props.chain },
      statistic,
      period: Duration.minutes(5),
    });
}
