import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { type DeploymentConfig, METRICS_NAMESPACE } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import { WAITING_QUEUES } from '#shared/waiting/keys.ts';
import { OLDEST_WAITING_METRIC, REVIEW_QUEUE_MAX_AGE_HOURS, UNANSWERED_FILES_METRIC } from '#shared/waiting/metrics.ts';

const { WaitingMeasure } = BACKGROUND_FUNCTIONS;
export const WAITING_MEASURE_HANDLER = WaitingMeasure.handler;
const EVERY = Duration.seconds(WaitingMeasure.aws.everySeconds);

/** How each queue's alarm reads in the alarm list. */
const QUEUE_NAMES = { KYC: 'Kyc', SCREENING: 'Screening', SUSPENSE: 'Suspense' } as const;

/**
 * The scheduled measure of what waits (`shared/waiting/`): payment files delivered and not answered within their
 * rail's window, and the oldest item of each review queue, as metrics each alarmed.
 */
export function addWaitingMeasure(
  scope: Construct,
  props: {
    table: ITable;
    config: DeploymentConfig;
    alarms: Alarms;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): PayoutsFunction {
  const { config, alarms } = props;
  const fn = props.newFunction(
    'WaitingMeasure',
    WaitingMeasure.handler,
    WaitingMeasure.description,
    Duration.minutes(1),
  );
  // Reads only: the bank connections, the delivered files and their payment files (the table), the payouts still
  // PROCESSING (gsi3, the organization's transactions) and the queues' oldest entries (gsi2). It writes nothing.
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [props.table.tableArn] }),
  );
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['dynamodb:Query'],
      resources: ['gsi2', 'gsi3'].map((index) => `${props.table.tableArn}/index/${index}`),
    }),
  );
  new Rule(scope, 'WaitingMeasureSchedule', {
    description: `${WaitingMeasure.description}, every ${EVERY.toHumanString()}`,
    schedule: Schedule.rate(EVERY),
    // A missed run is made up by the next one.
    targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
  });
  const metric = (metricName: string, dimensions: Record<string, string> = {}) =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: `payouts-${config.stage}`, ...dimensions },
      period: EVERY,
      statistic: 'Maximum',
    });
  alarms.alarmOnMetric('PaymentFilesUnanswered', metric(UNANSWERED_FILES_METRIC), {
    threshold: 1,
    description:
      "Payment files the mover delivered have payouts still PROCESSING past their rail's answer window (its " +
      'landing plus 2 hours): ask the bank; `npm run admin -- payout unanswered-files <organizationId>` lists them.',
  });
  for (const queue of WAITING_QUEUES) {
    alarms.alarmOnMetric(`ReviewQueue${QUEUE_NAMES[queue]}TooOld`, metric(OLDEST_WAITING_METRIC, { queue }), {
      threshold: REVIEW_QUEUE_MAX_AGE_HOURS * 3600,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        `The oldest item of the ${queue} review queue has waited more than ${REVIEW_QUEUE_MAX_AGE_HOURS} hours: ` +
        'decide it in the console (KYC: Reviews; SCREENING: Screening; SUSPENSE: Bank credits).',
    });
  }
  return fn;
}
