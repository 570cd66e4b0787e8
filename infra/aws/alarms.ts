import { Duration } from 'aws-cdk-lib';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

const FIVE_MINUTES = Duration.minutes(5);

export type AlarmOptions = {
  threshold: number;
  description: string;
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
  comparisonOperator?: ComparisonOperator;
};

/**
 * Every alarm of the service, created through one place so each one notifies the alarm topic (in the stateful
 * stack, whose e-mail subscription survives redeploys) both when it fires and when it recovers. Each stack
 * creates its own `Alarms` with the topic; the events stack calls `alarmOnDlq` / `alarmOnQueueDepth` for its
 * queues and `alarmOnFunction` for its functions.
 */
export class Alarms extends Construct {
  private readonly action: SnsAction;

  constructor(
    scope: Construct,
    id: string,
    readonly props: { topic: ITopic },
  ) {
    super(scope, id);
    this.action = new SnsAction(props.topic);
  }

  /** Any alarm on any metric, wired to the topic. Missing data (no traffic) is not a breach. */
  alarmOnMetric(id: string, metric: IMetric, options: AlarmOptions): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm,
      comparisonOperator: options.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: options.description,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }

  /**
   * A function that failed (an error nothing mapped, a timeout, a crash at cold start such as invalid
   * configuration) or was throttled (concurrency exhausted) in the last five minutes.
   */
  alarmOnFunction(fn: IFunction, name: string = fn.node.id): Alarm[] {
    return [
      this.alarmOnMetric(`${name}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), {
        threshold: 1,
        description: `${name}: invocations failed (unmapped error, timeout or cold-start crash). See its log group.`,
      }),
      this.alarmOnMetric(`${name}Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), {
        threshold: 1,
        description: `${name}: invocations throttled; the account or reserved concurrency is exhausted.`,
      }),
    ];
  }

  /** More than `percent` of the API's answers were 5xx in two of three five-minute periods with real traffic. */
  alarmOnServerErrorRate(stage: IHttpStage, { percent = 5, minRequests = 20 } = {}): Alarm {
    const rate = new MathExpression({
      expression: `IF(requests >= ${minRequests}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: stage.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
        requests: stage.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
      },
      label: 'API 5xx rate (%)',
      period: FIVE_MINUTES,
    });
    return this.alarmOnMetric('Api5xxRate', rate, {
      threshold: percent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description: `More than ${percent}% of API answers were 5xx. Look for "unhandled error" in the function logs.`,
    });
  }

  /** Reads or writes throttled on the table or any of its indexes: callers see 503s while it lasts. */
  alarmOnTableThrottles(table: ITable, indexNames: readonly string[]): Alarm {
    const usingMetrics: Record<string, IMetric> = {};
    const throttles = (metricName: string, extra: Record<string, string> = {}) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName, ...extra },
        period: FIVE_MINUTES,
        statistic: 'Sum',
      });
    usingMetrics.tableReads = throttles('ReadThrottleEvents');
    usingMetrics.tableWrites = throttles('WriteThrottleEvents');
    indexNames.forEach((indexName, i) => {
      usingMetrics[`index${i}Reads`] = throttles('ReadThrottleEvents', { GlobalSecondaryIndexName: indexName });
      usingMetrics[`index${i}Writes`] = throttles('WriteThrottleEvents', { GlobalSecondaryIndexName: indexName });
    });
    const sum = new MathExpression({
      expression: Object.keys(usingMetrics).join(' + '),
      usingMetrics,
      label: 'DynamoDB throttle events',
      period: FIVE_MINUTES,
    });
    return this.alarmOnMetric('TableThrottles', sum, {
      threshold: 1,
      description: 'DynamoDB throttled reads or writes on the table or an index; requests answered 503 meanwhile.',
    });
  }

  /** Anything in a dead-letter queue needs a person: it has exhausted its retries. */
  alarmOnDlq(dlq: IQueue, name: string = dlq.node.id): Alarm {
    return this.alarmOnMetric(
      `${name}NotEmpty`,
      dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      {
        threshold: 1,
        description: `${name}: messages exhausted their retries and wait in the dead-letter queue; inspect and replay.`,
      },
    );
  }

  /** A queue that is not drained: its oldest message waited `maxAgeSeconds` or more for ten minutes. */
  alarmOnQueueDepth(queue: IQueue, { maxAgeSeconds = 300, name = queue.node.id } = {}): Alarm {
    return this.alarmOnMetric(
      `${name}Backlog`,
      queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      {
        threshold: maxAgeSeconds,
        evaluationPeriods: 2,
        description: `${name}: the oldest message is ${maxAgeSeconds}s old or more; the consumer is failing or too slow.`,
      },
    );
  }
}
