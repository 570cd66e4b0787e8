import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { relayDeps } from '#shared/events/deps.ts';
import { relayStreamRecords } from '#shared/events/relay-stream.ts';

/** The table stream's outbox items (filtered to them by the event source mapping) to the event bus. */
export const handler = (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> =>
  relayStreamRecords(relayDeps(), event.Records);
