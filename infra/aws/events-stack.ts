import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ApiFunction } from '#infra/aws/api-stack.ts';
import { BUS_RULES, EVENT_FUNCTIONS, RELAYED_ENTITIES, type RouteTarget } from '#shared/events/routing.ts';

export type EventsStackProps = StackProps & { table: Table };

/** Long enough for a batch of deliveries that each may take the full 15 s, plus the table writes around them. */
const SENDER_TIMEOUT = Duration.seconds(60);
/** At most this many sender invocations at once: receivers and the table are spared bursts. */
export const SENDER_MAX_CONCURRENCY = 5;
/** A message that fails this often (the sender could not handle it, not a receiver refusing it) is dead-lettered. */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

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
  readonly relay: ApiFunction;
  readonly sender: ApiFunction;
  /** By rule id, as in BUS_RULES. */
  readonly rules: ReadonlyMap<string, Rule>;

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { table } = props;

    this.bus = new EventBus(this, 'EventBus', { description: 'Payout service events (webhook events, redeliveries)' });
    this.eventsDeadLetterQueue = new Queue(this, 'EventsDeadLetterQueue', queueDefaults);
    this.webhookDeadLetterQueue = new Queue(this, 'WebhookDeadLetterQueue', queueDefaults);
    this.webhookQueue = new Queue(this, 'WebhookQueue', {
      ...queueDefaults,
      // Six times the function timeout, as AWS advises for queues behind Lambda.
      visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.webhookDeadLetterQueue, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
    });

    const targets: Record<RouteTarget, IQueue> = { webhookQueue: this.webhookQueue };
    const rules = new Map<string, Rule>();
    for (const rule of BUS_RULES) {
      rules.set(
        rule.id,
        new Rule(this, rule.id, {
          eventBus: this.bus,
          description: rule.description,
          eventPattern: { source: [...rule.pattern.source], detailType: [...rule.pattern['detail-type']] },
          targets: [
            new SqsQueue(targets[rule.target], {
              deadLetterQueue: this.eventsDeadLetterQueue,
              retryAttempts: 185,
              maxEventAge: Duration.hours(24),
            }),
          ],
        }),
      );
    }
    this.rules = rules;

    this.relay = new ApiFunction(this, 'StreamRelay', {
      handler: EVENT_FUNCTIONS.streamRelay,
      tableName: table.tableName,
    });
    this.relay.addEnvironment('EVENT_BUS_NAME', this.bus.eventBusName);
    this.relay.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 20,
        maxRecordAge: Duration.hours(24),
        onFailure: new SqsDlq(this.eventsDeadLetterQueue),
        // Only new outbox items invoke the relay (the same filter the local stream reader applies).
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.or(...RELAYED_ENTITIES) } } },
          }),
        ],
      }),
    );
    this.bus.grantPutEventsTo(this.relay);

    this.sender = new ApiFunction(this, 'WebhookSender', {
      handler: EVENT_FUNCTIONS.webhookSender,
      tableName: table.tableName,
      timeout: SENDER_TIMEOUT,
    });
    this.sender.addEnvironment('WEBHOOK_QUEUE_URL', this.webhookQueue.queueUrl);
    // A Lambda's loopback is its own runtime API: sandbox organizations get no loopback in AWS.
    this.sender.addEnvironment('WEBHOOK_SANDBOX_LOOPBACK', 'deny');
    this.sender.addEventSource(
      new SqsEventSource(this.webhookQueue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        maxConcurrency: SENDER_MAX_CONCURRENCY,
      }),
    );
    // Retries and long waits are new (delayed) messages on its own queue.
    this.webhookQueue.grantSendMessages(this.sender);
    // Endpoints, organizations and deliveries: read, create and update; never delete, never scan.
    table.grant(this.sender, 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem');
  }
}
