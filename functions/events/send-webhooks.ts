import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handleWebhookBatch } from '#shared/webhooks/send-webhooks.ts';
import { senderDeps } from '#shared/webhooks/sender-deps.ts';

/** The webhook queue's consumer: fans events out to endpoints, delivers, and schedules retries. */
export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => handleWebhookBatch(senderDeps(), event.Records);
