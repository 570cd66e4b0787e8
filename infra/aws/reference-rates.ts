import { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { type DeploymentConfig, METRICS_NAMESPACE } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import { keys } from '#shared/db/keys.ts';

const { ReferenceRates } = BACKGROUND_FUNCTIONS;
export const REFERENCE_RATES_HANDLER = ReferenceRates.handler;

/**
 * A failed run is made up by the next. Repeated failures show in the function's error alarm long before the stored
 * rate is stale (`REFERENCE_RATES_MAX_AGE_H`, 96 hours), when withdrawals start waiting as PROPOSED.
 */
const FETCH_EVERY = Duration.seconds(ReferenceRates.aws.everySeconds);

/**
 * With `referenceRatesSource: ecb`, the function that fetches the ECB's daily rates, on a schedule. It may put
 * the one reference-rates item and nothing else in the table.
 */
export function addReferenceRatesFetcher(
  scope: Construct,
  props: {
    table: ITable;
    config: DeploymentConfig;
    alarms: Alarms;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): PayoutsFunction | undefined {
  if (props.config.referenceRatesSource !== 'ecb') return undefined;
  const fn = props.newFunction(
    'ReferenceRates',
    ReferenceRates.handler,
    ReferenceRates.description,
    Duration.seconds(30),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      // Get: the age of what is stored, after every run (`ReferenceRatesStale`).
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
      resources: [props.table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.referenceRates('ECB').pk] } },
    }),
  );
  new Rule(scope, 'ReferenceRatesSchedule', {
    description: `Fetches the ECB's daily reference rates, every ${FETCH_EVERY.toHumanString()}`,
    schedule: Schedule.rate(FETCH_EVERY),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  props.alarms.alarmOnMetric(
    'ReferenceRatesStale',
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'ReferenceRatesStale',
      dimensionsMap: { service: `payouts-${props.config.stage}` },
      period: Duration.hours(1),
      statistic: 'Maximum',
    }),
    {
      threshold: 1,
      description:
        'The stored ECB reference rate is older than REFERENCE_RATES_MAX_AGE_H (or none was ever fetched): live ' +
        "payouts to EUR wait as PROPOSED. See the ReferenceRates function's log.",
    },
  );
  return fn;
}
