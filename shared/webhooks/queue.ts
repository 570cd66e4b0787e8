import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { awsClientConfig } from '#shared/events/aws-clients.ts';

export type QueueMessage = { body: string; delaySeconds: number };

/** The webhook queue, as the sender uses it: new deliveries, retries and the hops of long waits. */
export type WebhookQueue = { send: (messages: readonly QueueMessage[]) => Promise<void> };

const MAX_QUEUE_BATCH = 10;

export class QueueSendError extends Error {}

/** SQS in AWS; locally fauxqs (SQS_ENDPOINT). */
export function sqsWebhookQueue(cfg: { queueUrl: string; region: string; endpoint: string | undefined }): WebhookQueue {
  const client = new SQSClient(awsClientConfig(cfg.region, cfg.endpoint));
  return {
    send: async (messages) => {
      for (let start = 0; start < messages.length; start += MAX_QUEUE_BATCH) {
        const chunk = messages.slice(start, start + MAX_QUEUE_BATCH);
        const result = await client.send(
          new SendMessageBatchCommand({
            QueueUrl: cfg.queueUrl,
            Entries: chunk.map((message, i) => ({
              Id: String(i),
              MessageBody: message.body,
              DelaySeconds: message.delaySeconds,
            })),
          }),
        );
        if (result.Failed?.length) {
          throw new QueueSendError(`The webhook queue refused ${result.Failed.length} message(s)`);
        }
      }
    },
  };
}
