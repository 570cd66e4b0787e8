import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { Alarms } from '#infra/aws/alarms.ts';
import {
  type BankChannelRole,
  bankChannelBucketName,
  grantBankChannel,
  grantBankSecrets,
} from '#infra/aws/bank-channel.ts';
import { addChainSweepers, type ChainSweepers } from '#infra/aws/chain-sweepers.ts';
import { addChainWatchers } from '#infra/aws/chain-watchers.ts';
import { type DeploymentConfig, deploymentEnvironment, METRICS_NAMESPACE, passedOnValue } from '#infra/aws/config.ts';
import { PayoutsFunction } from '#infra/aws/function.ts';
import { addReferenceRatesFetcher } from '#infra/aws/reference-rates.ts';
import { addSanctionsLists } from '#infra/aws/sanctions-lists.ts';
import { grantTableAccess } from '#infra/aws/table-access.ts';
import { addTreasurySenders } from '#infra/aws/treasury-senders.ts';
import { addWaitingMeasure } from '#infra/aws/waiting-measure.ts';
import { MOVER_SILENT_AFTER_MINUTES } from '#shared/bank-transfer/records.ts';
import { BACKGROUND_FUNCTIONS, type BackgroundFunction } from '#shared/config/background-functions.ts';
import type { Access } from '#shared/db/access.ts';
import { BUS_RULES, RELAYED_ENTITIES, type RouteTarget } from '#shared/events/routing.ts';
import type { Chain } from '#shared/money/chains.ts';

export type EventsStackProps = StackProps & {
  table: Table;
  alarmTopic: ITopic;
  config: DeploymentConfig;
  /** The bank channel (stateful stack); the batcher, the simulator and the report function use it. */
  bankBucket: Bucket;
};

/** Long enough for a batch of deliveries that each may take the full 15 s, plus the table writes around them. */
const SENDER_TIMEOUT = Duration.seconds(60);
/** At most this many sender invocations at once: receivers and the table are spared bursts. */
export const SENDER_MAX_CONCURRENCY = 5;
/** A message that fails this often (the sender could not handle it, not a receiver refusing it) is dead-lettered. */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

const {
  StreamRelay,
  WebhookSender,
  WithdrawalExpirySweep,
  PayoutBatcher,
  SandboxBankSimulator,
  BankReports,
  BankTransfer,
} = BACKGROUND_FUNCTIONS;

/**
 * The scheduled sweeps of the withdrawals (the local runtime runs the same modules on timers): each queries the
 * sparse gsi2 timer index for what is due and moves it through the ordinary conditional transitions.
 */
export const SWEEPS = {
  WithdrawalExpirySweep,
  PayoutBatcher: { ...PayoutBatcher, bank: 'batcher' },
  SandboxBankSimulator: { ...SandboxBankSimulator, bank: 'simulator' },
  BankTransfer: { ...BankTransfer, bank: 'mover' },
} as const satisfies Record<string, BackgroundFunction & { aws: { everySeconds: number }; bank?: BankChannelRole }>;
/** What a sweep may do on the table: transitions (transactions with their event records) and the timer index. */
export const SWEEP_ACCESS: Access = { table: 'readwrite', indexes: ['gsi2'] };
/** Applies bank reports from the channel's inbox, on S3 events. */
export const BANK_REPORTS_HANDLER = BankReports.handler;

const queueDefaults = {
  encryption: QueueEncryption.SQS_MANAGED,
  enforceSSL: true,
  retentionPeriod: Duration.days(14),
};

/**
 * The event pipeline: table stream -> relay function -> custom event bus -> rules (from `routing.ts`) ->
 * webhook queue -> sender function. Dead letters: stream batches the relay could not publish and events the
 * bus could not hand to the queue go to the events DLQ; queue messages the sender could not handle go to the
 * webhook DLQ. Deliveries that exhausted their retries are kept in the table as FAILED, ready for replay.
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  readonly webhookQueue: Queue;
  readonly webhookDeadLetterQueue: Queue;
  readonly eventsDeadLetterQueue: Queue;
  readonly relay: PayoutsFunction;
  readonly sender: PayoutsFunction;
  /** By rule id, as in BUS_RULES. */
  readonly rules: ReadonlyMap<string, Rule>;
  /** By construct id, as in SWEEPS (the sandbox bank simulator is left out when sandbox settlement is off). */
  readonly sweeps: ReadonlyMap<keyof typeof SWEEPS, PayoutsFunction>;
  /** A scheduled watcher per supported chain (`infra/aws/chain-watchers.ts`). */
  readonly chainWatchers: ReadonlyMap<Chain, PayoutsFunction>;
  readonly chainSweepers: ChainSweepers;
  /** One per chain with the relayer: USDC out of the treasuries. */
  readonly treasurySenders: ReadonlyMap<Chain, PayoutsFunction>;
  /** Fetches the ECB's reference rates hourly (`referenceRatesSource: ecb`, the default). */
  readonly referenceRates: PayoutsFunction | undefined;
  /** Fetches the official sanctions lists hourly and re-screens on a new version. */
  readonly sanctionsLists: PayoutsFunction;
  /** Applies bank reports, invoked for every object created in the bank channel's inboxes. */
  readonly bankReports: PayoutsFunction;
  /** Measures what waits on banks and people (`shared/waiting/`). */
  readonly waitingMeasure: PayoutsFunction;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { table, alarmTopic, config } = props;
    const environment = { TABLE_NAME: table.tableName, ...deploymentEnvironment(this, config) };
    const alarms = new Alarms(this, 'Alarms', { topic: alarmTopic });
    const newFunction: NewFunction = (id, handler, description, timeout) => {
      const fn = new PayoutsFunction(this, id, {
        handler,
        environment,
        description,
        timeout,
        logRetention: config.logRetentionDays,
        tracing: config.tracing,
      });
      alarms.alarmOnFunction(fn);
      return fn;
    };
    const parts = { table, config, newFunction };

    this.bus = new EventBus(this, 'EventBus', { description: 'Payout service events (webhook events, redeliveries)' });
    this.eventsDeadLetterQueue = new Queue(this, 'EventsDeadLetterQueue', queueDefaults);
    this.webhookDeadLetterQueue = new Queue(this, 'WebhookDeadLetterQueue', queueDefaults);
    // The events DLQ takes failed stream batches and undeliverable bus events: targets cdk-nag cannot see.
    Validations.of(this.eventsDeadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself a dead-letter queue: of the relay (stream batches it could not publish) and of ' +
        'the bus rules (events the bus could not hand to the webhook queue); it is alarmed, not redriven.',
    });
    this.webhookQueue = new Queue(this, 'WebhookQueue', {
      ...queueDefaults,
      // Six times the function timeout, as AWS advises for queues behind Lambda.
      visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.webhookDeadLetterQueue, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
    });
    this.rules = addBusRules(this, { webhookQueue: this.webhookQueue });
    this.relay = addStreamRelay(this, parts);
    this.sender = addWebhookSender(this, parts);
    this.sweeps = addSweeps(this, parts);
    this.chainWatchers = addChainWatchers(this, { table, alarms, config, newFunction });
    this.chainSweepers = addChainSweepers(this, { table, alarms, config, newFunction });
    this.treasurySenders = addTreasurySenders(this, {
      table,
      alarms,
      config,
      newFunction,
      relayerKey: this.chainSweepers.relayerKey,
    });
    this.referenceRates = addReferenceRatesFetcher(this, { table, config, alarms, newFunction });
    this.sanctionsLists = addSanctionsLists(this, { table, config, alarms, newFunction });
    this.bankReports = addBankReports(this, parts);
    this.waitingMeasure = addWaitingMeasure(this, { table, config, alarms, newFunction });
    alarmOnPayoutMetrics(alarms, config);

    alarms.alarmOnDlq(this.eventsDeadLetterQueue);
    alarms.alarmOnDlq(this.webhookDeadLetterQueue);
    alarms.alarmOnQueueDepth(this.webhookQueue);
    // The relay falling behind the stream delays every webhook; records older than a day are dead-lettered.
    alarms.alarmOnMetric(
      'StreamRelayIteratorAge',
      this.relay.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
      {
        threshold: Duration.minutes(5).toMilliseconds(),
        evaluationPeriods: 2,
        description: 'StreamRelay: the oldest stream record waits 5 minutes or more; webhooks are delayed.',
      },
    );
  }
}

type NewFunction = (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
/** What the stack's parts are built from: the table, the deployment's settings, a function with its alarms. */
type Parts = { table: Table; config: DeploymentConfig; newFunction: NewFunction };

/** A rule per BUS_RULES entry, each to its target queue; events it cannot hand over go to the events DLQ. */
function addBusRules(stack: EventsStack, targets: Record<RouteTarget, IQueue>): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  for (const rule of BUS_RULES) {
    rules.set(
      rule.id,
      new Rule(stack, rule.id, {
        eventBus: stack.bus,
        description: rule.description,
        eventPattern: { source: [...rule.pattern.source], detailType: [...rule.pattern['detail-type']] },
        targets: [
          new SqsQueue(targets[rule.target], {
            deadLetterQueue: stack.eventsDeadLetterQueue,
            retryAttempts: 185,
            maxEventAge: Duration.hours(24),
          }),
        ],
      }),
    );
  }
  return rules;
}

/** The relay: the table's stream, filtered to new outbox items, put on the bus. */
function addStreamRelay(stack: EventsStack, { table, newFunction }: Parts): PayoutsFunction {
  const relay = newFunction('StreamRelay', StreamRelay.handler, StreamRelay.description);
  relay.addEnvironment('EVENT_BUS_NAME', stack.bus.eventBusName);
  relay.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 100,
      reportBatchItemFailures: true,
      bisectBatchOnError: true,
      retryAttempts: 20,
      maxRecordAge: Duration.hours(24),
      onFailure: new SqsDlq(stack.eventsDeadLetterQueue),
      // Only new outbox items invoke the relay (the same filter the local stream reader applies).
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { NewImage: { entity: { S: FilterRule.or(...RELAYED_ENTITIES) } } },
        }),
      ],
    }),
  );
  stack.bus.grantPutEventsTo(relay);
  if (relay.role) {
    // The stream event source grants dynamodb:ListStreams, which AWS authorizes on "*" only.
    Validations.of(relay.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams supports no resource-level permission, so the stream event source grants it on ' +
        '"*"; the stream reads themselves are limited to this table\'s stream ARN.',
    });
  }
  return relay;
}

/** The webhook sender: the webhook queue's consumer, which also sends its own retries to it. */
function addWebhookSender(stack: EventsStack, { table, newFunction }: Parts): PayoutsFunction {
  const sender = newFunction('WebhookSender', WebhookSender.handler, WebhookSender.description, SENDER_TIMEOUT);
  sender.addEnvironment('WEBHOOK_QUEUE_URL', stack.webhookQueue.queueUrl);
  // A Lambda's loopback is its own runtime API: sandbox organizations get no loopback in AWS.
  sender.addEnvironment('WEBHOOK_SANDBOX_LOOPBACK', 'deny');
  sender.addEventSource(
    new SqsEventSource(stack.webhookQueue, {
      batchSize: 10,
      reportBatchItemFailures: true,
      maxConcurrency: SENDER_MAX_CONCURRENCY,
    }),
  );
  // Retries and long waits are new (delayed) messages on its own queue.
  stack.webhookQueue.grantSendMessages(sender);
  // Endpoints, organizations and deliveries: read, create and update; never delete, never scan, and no index
  // (`table.grant` would add every index).
  sender.addToRolePolicy(
    new PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      resources: [table.tableArn],
    }),
  );
  return sender;
}

/** Each of SWEEPS on its schedule (the sandbox bank simulator not when sandbox settlement is off). */
function addSweeps(stack: EventsStack, { table, config, newFunction }: Parts) {
  const sweeps = new Map<keyof typeof SWEEPS, PayoutsFunction>();
  for (const [id, sweep] of Object.entries(SWEEPS) as [keyof typeof SWEEPS, (typeof SWEEPS)[keyof typeof SWEEPS]][]) {
    if (id === 'SandboxBankSimulator' && config.sandboxSettleAfterSeconds === 'off') continue;
    const fn = newFunction(id, sweep.handler, sweep.description, Duration.minutes(1));
    grantTableAccess(fn, table, SWEEP_ACCESS);
    if ('bank' in sweep) grantBankChannel(fn, config.stage, sweep.bank);
    if (id === 'BankTransfer') grantBankSecrets(fn, config.stage);
    // A run handles up to 1,000 due transactions, the next carries on.
    const setting = 'setting' in sweep.aws ? passedOnValue(config, sweep.aws.setting) : undefined;
    const every = Duration.seconds(Math.max(sweep.aws.everySeconds, Number(setting ?? sweep.aws.everySeconds)));
    new Rule(stack, `${id}Schedule`, {
      description: `${sweep.description}, every ${every.toHumanString()}`,
      schedule: Schedule.rate(every),
      // A missed run is made up by the next one.
      targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
    });
    sweeps.set(id, fn);
  }
  return sweeps;
}

/**
 * Bank reports: S3 announces every object created under inbox/ and each organization's inbox on the default bus (the bucket has EventBridge
 * notifications on), so the bucket's stack needs no reference to this function.
 */
function addBankReports(stack: EventsStack, { table, config, newFunction }: Parts): PayoutsFunction {
  const bankReports = newFunction('BankReports', BankReports.handler, BankReports.description, Duration.minutes(1));
  grantTableAccess(bankReports, table, SWEEP_ACCESS);
  grantBankChannel(bankReports, config.stage, 'reports');
  new Rule(stack, 'BankReportsOnInbox', {
    description: 'A report from the bank arrived in the inbox',
    eventPattern: {
      source: ['aws.s3'],
      detailType: ['Object Created'],
      detail: {
        bucket: { name: [bankChannelBucketName(config.stage)] },
        object: { key: [{ prefix: 'inbox/' }, { wildcard: 'sandbox/*/inbox/*' }, { wildcard: 'live/*/inbox/*' }] },
      },
    },
    targets: [
      new LambdaFunction(bankReports, {
        retryAttempts: 20,
        maxEventAge: Duration.hours(24),
        deadLetterQueue: stack.eventsDeadLetterQueue,
      }),
    ],
  });
  return bankReports;
}

/** Five-minute periods without a run of the mover (every minute) before its alarm fires: the doctor's limit too. */
export const MOVER_SILENCE_PERIODS = MOVER_SILENT_AFTER_MINUTES / 5;

/** A quarantined report waits for a person; so does a payout the bank has not reported on in time. */
function alarmOnPayoutMetrics(alarms: Alarms, config: DeploymentConfig) {
  const metric = (metricName: string) =>
    new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: `payouts-${config.stage}` },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
  alarms.alarmOnMetric('BankReportQuarantined', metric('BankReportQuarantined'), {
    threshold: 1,
    description: 'A bank report was quarantined (unknown payment, malformed, or contradicting): see quarantine/.',
  });
  alarms.alarmOnMetric('BankHostKeyRefused', metric('BankHostKeyRefused'), {
    threshold: 1,
    description:
      "A bank's SFTP server presented a host key other than the one pinned for its payout account: nothing was " +
      'sent. Confirm the new key with the bank out of band before pinning it.',
  });
  alarms.alarmOnMetric('BankTransferFailed', metric('BankTransferFailed'), {
    threshold: 1,
    description:
      "Files could not be moved to or from a bank's SFTP server (server down, key refused, a file refused): " +
      "nothing is lost, the next run tries again; see the mover's log.",
  });
  // Missing data is the point here (no run, no datapoint): filled with 0 so it breaches.
  const moverRuns = new MathExpression({
    expression: 'FILL(runs, 0)',
    usingMetrics: { runs: metric('BankTransferRuns') },
    label: 'Mover runs',
    period: Duration.minutes(5),
  });
  alarms.alarmOnMetric('BankTransferNotRun', moverRuns, {
    threshold: 1,
    evaluationPeriods: MOVER_SILENCE_PERIODS,
    comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
    description:
      `The bank file mover has not run for ${MOVER_SILENCE_PERIODS * 5} minutes (its schedule or function is ` +
      'broken): live payment files stay in their outbox and reports at the bank.',
  });
  alarms.alarmOnMetric('BankFileRefused', metric('BankFileRefused'), {
    threshold: 1,
    description:
      "A file in a live organization's outbox is not one of its live payment files (say, a sandbox file): not sent.",
  });
  alarms.alarmOnMetric('PayoutsProcessingTooLong', metric('PayoutsProcessingTooLong'), {
    threshold: 1,
    description:
      'Payouts are still PROCESSING longer than PAYOUT_PROCESSING_ALARM_S after their file was written: the ' +
      'bank has not reported on them (check the channel and the bank).',
  });
  alarms.alarmOnMetric('PayoutsNotBatched', metric('PayoutsNotBatched'), {
    threshold: 1,
    description: 'PROCESSING payouts of an organization without a payout account cannot be put in a file.',
  });
  alarms.alarmOnMetric('PayoutsUnwritable', metric('PayoutsUnwritable'), {
    threshold: 1,
    description: "Payouts failed because their bank file could not be written (the writer's reason is logged).",
  });
  alarms.alarmOnMetric('PayoutBatchErrors', metric('PayoutBatchErrors'), {
    threshold: 1,
    description: 'A batch of payouts failed to be filed (channel or table error); the other batches went on.',
  });
}
