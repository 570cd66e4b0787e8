import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { startFauxqs } from 'fauxqs';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';

export type LocalQueue = { url: string; arn: string };

export type LocalQueues = {
  endpoint: string;
  webhook: LocalQueue;
  webhookDeadLetter: LocalQueue;
  send: (queueUrl: string, body: string, delaySeconds?: number) => Promise<void>;
  /** Sends the bodies in batches of SQS's 10, at once; rejects when the queue refused any. */
  sendAll: (queueUrl: string, bodies: readonly string[]) => Promise<void>;
  stop: () => Promise<void>;
};

/** How often a message may fail before it moves to the dead-letter queue (as in the CDK stack). */
export const MAX_RECEIVE_COUNT = 5;

/**
 * The webhook queue and its dead-letter queue on fauxqs, an SQS-compatible server, in process on a free
 * port. Its messages live in memory: the events worker refills it from the table on start.
 */
export async function startLocalQueues(options: { visibilityTimeoutSeconds: number }): Promise<LocalQueues> {
  const server = await startFauxqs({ port: 0, logger: false, defaultRegion: LOCAL_REGION });
  const dlq = server.createQueue('payouts-webhooks-dlq', { region: LOCAL_REGION });
  const queue = server.createQueue('payouts-webhooks', {
    region: LOCAL_REGION,
    attributes: {
      VisibilityTimeout: String(options.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.queueArn, maxReceiveCount: MAX_RECEIVE_COUNT }),
    },
  });
  const client = new SQSClient({ endpoint: server.address, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  return {
    endpoint: server.address,
    webhook: { url: queue.queueUrl, arn: queue.queueArn },
    webhookDeadLetter: { url: dlq.queueUrl, arn: dlq.queueArn },
    send: async (queueUrl, body, delaySeconds = 0) => {
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, DelaySeconds: delaySeconds }));
    },
    sendAll: async (queueUrl, bodies) => {
      const chunks = Array.from({ length: Math.ceil(bodies.length / 10) }, (_, i) => bodies.slice(i * 10, i * 10 + 10));
      await Promise.all(
        chunks.map(async (chunk) => {
          const { Failed } = await client.send(
            new SendMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: chunk.map((body, i) => ({ Id: String(i), MessageBody: body })),
            }),
          );
          if (Failed?.length) throw new Error(`The local queue refused ${Failed.length} message(s)`);
        }),
      );
    },
    stop: async () => {
      client.destroy();
      await server.stop();
    },
  };
}

const toSqsRecord = (message: Message, queueArn: string): SQSRecord => ({
  messageId: message.MessageId ?? '',
  receiptHandle: message.ReceiptHandle ?? '',
  body: message.Body ?? '',
  attributes: {
    ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
    SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
    SenderId: message.Attributes?.SenderId ?? 'local',
    ApproximateFirstReceiveTimestamp: message.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
  },
  messageAttributes: {},
  md5OfBody: message.MD5OfBody ?? '',
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: LOCAL_REGION,
});

export type QueuePoller = { stop: () => Promise<void> };

/**
 * Polls a queue like Lambda's SQS event source mapping with `ReportBatchItemFailures`: batches of up to 10, at most
 * `concurrency` of them handled at once, the messages the handler does not report as failed deleted, the others
 * left to come back after the visibility timeout (and to the dead-letter queue after MAX_RECEIVE_COUNT receives). A
 * handler that throws fails its whole batch, as in Lambda.
 *
 * One long poll at a time receives for all the batches, as the mapping's pollers are apart from its invocations:
 * fauxqs answers every waiting long poll as soon as any message arrives, so `concurrency` of them in wait each
 * came back, all but one empty, and asked again, on every send to the queue (SQS keeps a poll that found nothing
 * waiting). A batch's delete is not waited for either: on a busy machine it has taken a few hundred milliseconds.
 * A delete that fails leaves its messages to come back after the visibility timeout (at least once).
 */
export function startQueuePoller(options: {
  endpoint: string;
  queue: LocalQueue;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;
  concurrency: number;
  onError?: (error: unknown) => void;
}): QueuePoller {
  const client = new SQSClient({ endpoint: options.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  let stopping = false;
  /** Batches being handled, and deletes still on their way. */
  const handling = new Set<Promise<void>>();
  const deleting = new Set<Promise<void>>();
  const track = (set: Set<Promise<void>>, work: Promise<void>) => {
    const tracked = work.finally(() => set.delete(tracked));
    set.add(tracked);
  };

  async function handle(records: SQSRecord[]) {
    let failed: Set<string>;
    try {
      const response = await options.handler({ Records: records });
      failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      options.onError?.(error);
      failed = new Set(records.map((r) => r.messageId));
    }
    const done = records.filter((r) => !failed.has(r.messageId));
    if (done.length === 0) return;
    const deleted = client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queue.url,
        Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
      }),
    );
    track(
      deleting,
      deleted.then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      ),
    );
  }

  const loop = (async () => {
    while (!stopping) {
      try {
        if (handling.size >= options.concurrency) {
          await Promise.race(handling);
          continue;
        }
        const { Messages = [] } = await client.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queue.url,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        if (Messages.length) track(handling, handle(Messages.map((m) => toSqsRecord(m, options.queue.arn))));
      } catch (error) {
        if (stopping) break;
        options.onError?.(error);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();

  return {
    stop: async () => {
      stopping = true;
      await loop;
      await Promise.all(handling);
      await Promise.all(deleting);
      client.destroy();
    },
  };
}
