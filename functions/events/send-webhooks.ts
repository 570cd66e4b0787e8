import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { senderDeps } from '#shared/events/deps.ts';
import { handleWebhookBatch } from '#shared/webhooks/sender.ts';

/** The webhook queue's consumer: fans events out to endpoints, delivers, and schedules retries. */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => handleWebhookBatch(senderDeps(), event.Records);
