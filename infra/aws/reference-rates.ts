import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { keys } from '#shared/db/keys.ts';

export const REFERENCE_RATES_HANDLER = 'functions/events/fetch-reference-rates.ts';

/**
 * The ECB publishes once per business day at about 16:00 CET; an hourly fetch picks it up within the hour, and a
 * failed run is made up by the next. Repeated failures show in the function's error alarm long before the stored
 * rate is stale (`REFERENCE_RATES_MAX_AGE_H`, 96 hours), when withdrawals start waiting as PROPOSED.
 */
const FETCH_EVERY = Duration.hours(1);

/**
 * With `referenceRatesSource: ecb`, the function that fetches the ECB's daily rates, on a schedule. It may put
 * the one reference-rates item and nothing else in the table.
 */
export function addReferenceRatesFetcher(
  scope: Construct,
  props: {
    table: ITable;
    config: DeploymentConfig;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): PayoutsFunction | undefined {
  if (props.config.referenceRatesSource !== 'ecb') return undefined;
  const fn = props.newFunction(
    'ReferenceRates',
    REFERENCE_RATES_HANDLER,
    "Fetches the ECB's daily reference rates for live organizations' quotes",
    Duration.seconds(30),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['dynamodb:PutItem'],
      resources: [props.table.tableArn],
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.referenceRates('ECB').pk] } },
    }),
  );
  new Rule(scope, 'ReferenceRatesSchedule', {
    description: `Fetches the ECB's daily reference rates, every ${FETCH_EVERY.toHumanString()}`,
    schedule: Schedule.rate(FETCH_EVERY),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  return fn;
}
