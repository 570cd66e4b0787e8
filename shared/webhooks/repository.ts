import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import {
  type GuardedItem,
  type TransactItem,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';
import { queryAll } from '#shared/db/query.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';
import type { Attempt, DeliveryStatus } from '#shared/webhooks/records.ts';
import {
  type DeletedEndpointRecord,
  DeletedEndpointRecordSchema,
  type DeliveryRecord,
  DeliveryRecordSchema,
  type EndpointRecord,
  EndpointRecordSchema,
} from '#shared/webhooks/records.ts';

const ENDPOINT_ATTRIBUTES = Object.keys(EndpointRecordSchema.shape);
const DELETED_ENDPOINT_ATTRIBUTES = Object.keys(DeletedEndpointRecordSchema.shape);
const DELIVERY_ATTRIBUTES = Object.keys(DeliveryRecordSchema.shape);

const pick = (item: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map((n) => [n, item[n]]));
const parseEndpoint = (item: Record<string, unknown>) => EndpointRecordSchema.parse(pick(item, ENDPOINT_ATTRIBUTES));
const parseDeletedEndpoint = (item: Record<string, unknown>) =>
  DeletedEndpointRecordSchema.parse(pick(item, DELETED_ENDPOINT_ATTRIBUTES));
const parseDelivery = (item: Record<string, unknown>) => DeliveryRecordSchema.parse(pick(item, DELIVERY_ATTRIBUTES));

/** Redelivery requests only need to live until the stream has carried them. */
const REDELIVERY_RETENTION_SECONDS = 24 * 3600;
/** Deliveries, failed ones included, stay as long as the events they carry. */
const DELIVERY_RETENTION_SECONDS = 30 * 24 * 3600;

/** The endpoint was changed or deleted since it was read. */
export class WebhookEndpointChangedError extends Error {}

const endpointItem = (endpoint: EndpointRecord) => ({
  ...keys.webhookEndpoint(endpoint.organizationId, endpoint.endpointId),
  ...keys.webhookEndpointListEntry(endpoint.organizationId, endpoint.createdAt, endpoint.endpointId),
  entity: 'WEBHOOK_ENDPOINT',
  ...endpoint,
});

type Extra = readonly GuardedItem<string>[];

/**
 * One write of an endpoint: a single command, or with `extra` items (the console's audit entry) one transaction.
 * False when the endpoint's own condition failed.
 */
async function writeEndpoint(db: Db, item: TransactItem, extra: Extra): Promise<boolean> {
  try {
    if (extra.length) await writeGuarded(db, [{ role: 'endpoint', item }, ...extra]);
    else if (item.Put) await db.client.send(new PutCommand(item.Put));
    else if (item.Delete) await db.client.send(new DeleteCommand(item.Delete));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    if (error instanceof WriteConditionFailedError && error.role === 'endpoint') return false;
    throw error;
  }
}

export async function insertWebhookEndpoint(db: Db, endpoint: EndpointRecord, extra: Extra = []): Promise<void> {
  const item = {
    Put: {
      TableName: db.tableName,
      Item: endpointItem(endpoint),
      // A fresh id never exists; the guard keeps a retried request from overwriting an endpoint.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  if (!(await writeEndpoint(db, item, extra))) throw new WebhookEndpointChangedError();
}

export function getWebhookEndpoint(db: Db, organizationId: string, endpointId: string) {
  return readItem(db, keys.webhookEndpoint(organizationId, endpointId), parseEndpoint);
}

export function listWebhookEndpointsOfOrganization(
  db: Db,
  organizationId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<EndpointRecord>> {
  return queryListPage(db, {
    partition: keys.webhookEndpointList(organizationId).gsi1pk,
    ...page,
    parse: parseEndpoint,
  });
}

/** Every item of one kind in the organization's webhooks partition, strongly consistent. */
function allOfPartition<T>(
  db: Db,
  { pk, skPrefix }: { pk: string; skPrefix: string },
  parse: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  return queryAll(db, { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true }, parse);
}

/** Every endpoint of the organization, strongly consistent: an endpoint saved before an event gets it. */
export const allWebhookEndpointsOfOrganization = (db: Db, organizationId: string): Promise<EndpointRecord[]> =>
  allOfPartition(db, keys.webhookEndpointsOfOrganization(organizationId), parseEndpoint);

/** The organization's deleted endpoints whose deliveries are still kept. */
export const deletedWebhookEndpointsOfOrganization = (
  db: Db,
  organizationId: string,
): Promise<DeletedEndpointRecord[]> =>
  allOfPartition(db, keys.webhookDeletedEndpointsOfOrganization(organizationId), parseDeletedEndpoint);

export function getDeletedWebhookEndpoint(db: Db, organizationId: string, endpointId: string) {
  return readItem(db, keys.webhookDeletedEndpoint(organizationId, endpointId), parseDeletedEndpoint);
}

/** Replaces the endpoint with `updated` (its version one above the one read). */
export async function replaceWebhookEndpoint(db: Db, updated: EndpointRecord, extra: Extra = []): Promise<void> {
  const item = {
    Put: {
      TableName: db.tableName,
      Item: endpointItem(updated),
      // Only over the version we read: a concurrent update or delete wins, and this one is retried or refused.
      ConditionExpression: 'version = :seen',
      ExpressionAttributeValues: { ':seen': updated.version - 1 },
    },
  };
  if (!(await writeEndpoint(db, item, extra))) throw new WebhookEndpointChangedError();
}

/**
 * Deletes the endpoint as it was read and, in the same transaction, leaves what its delivery history needs (kept as
 * long as the deliveries); false when it changed or was deleted meanwhile.
 */
export function deleteWebhookEndpoint(
  db: Db,
  endpoint: EndpointRecord,
  now: Date,
  extra: Extra = [],
): Promise<boolean> {
  const { organizationId, endpointId } = endpoint;
  const item = {
    Delete: {
      TableName: db.tableName,
      Key: keys.webhookEndpoint(organizationId, endpointId),
      // Only the endpoint read: the history keeps its url as it was when deleted.
      ConditionExpression: 'version = :seen',
      ExpressionAttributeValues: { ':seen': endpoint.version },
    },
  };
  const deleted: DeletedEndpointRecord = {
    endpointId,
    organizationId,
    url: endpoint.url,
    description: endpoint.description,
    createdAt: endpoint.createdAt,
    deletedAt: now.toISOString(),
  };
  const history = {
    role: 'deletedEndpoint',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.webhookDeletedEndpoint(organizationId, endpointId),
          entity: 'WEBHOOK_ENDPOINT_DELETED',
          ...deleted,
          // Its last delivery was created before now and is kept for as long from its creation.
          expiresAt: Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_SECONDS,
        },
      },
    },
  };
  return writeEndpoint(db, item, [history, ...extra]);
}

/** Stores a test event for one endpoint; false when the endpoint is gone. */
export async function insertTestEvent(
  db: Db,
  input: { organizationId: string; endpointId: string; event: EventRecord & { targetEndpointId: string } },
  extra: Extra = [],
): Promise<boolean> {
  try {
    await writeGuarded(db, [
      {
        role: 'endpoint',
        item: {
          ConditionCheck: {
            TableName: db.tableName,
            Key: keys.webhookEndpoint(input.organizationId, input.endpointId),
            // A test event for an endpoint deleted meanwhile would go nowhere.
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      },
      { role: 'event', item: eventPut(db, input.event) },
      ...extra,
    ]);
    return true;
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'endpoint') return false;
    throw error;
  }
}

const deliveryItem = (delivery: DeliveryRecord) => ({
  ...keys.webhookDelivery(delivery.organizationId, delivery.deliveryId),
  ...keys.webhookDeliveryListEntry(
    delivery.organizationId,
    delivery.endpointId,
    delivery.createdAt,
    delivery.deliveryId,
  ),
  entity: 'WEBHOOK_DELIVERY',
  ...delivery,
  expiresAt: Math.floor(Date.parse(delivery.createdAt) / 1000) + DELIVERY_RETENTION_SECONDS,
});

/**
 * Stores a delivery with its first attempt already made: one conditional Put, the only write a first attempt
 * costs. Returns what is stored: the new one, or the one a concurrent copy of the same queue message stored first
 * (that copy's attempt is the one on record).
 */
export async function recordFirstAttempt(db: Db, delivery: DeliveryRecord): Promise<DeliveryRecord> {
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: deliveryItem(delivery),
        // One delivery per (event, endpoint): the id derives from both, and a redelivered message finds it here.
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return delivery;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await getDelivery(db, delivery.organizationId, delivery.deliveryId);
    if (!existing) throw error;
    return existing;
  }
}

/** The deliveries already stored among `deliveryIds`, strongly consistent (a message that came back looks first). */
export async function storedDeliveries(
  db: Db,
  organizationId: string,
  deliveryIds: readonly string[],
): Promise<DeliveryRecord[]> {
  const found = await Promise.all(deliveryIds.map((id) => getDelivery(db, organizationId, id)));
  return found.filter((d) => d !== undefined);
}

export function getDelivery(db: Db, organizationId: string, deliveryId: string) {
  return readItem(db, keys.webhookDelivery(organizationId, deliveryId), parseDelivery);
}

export function listDeliveriesOfEndpoint(
  db: Db,
  organizationId: string,
  endpointId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<DeliveryRecord>> {
  return queryListPage(db, {
    partition: keys.webhookDeliveriesOfEndpoint(organizationId, endpointId).gsi1pk,
    ...page,
    parse: parseDelivery,
  });
}

/**
 * An endpoint's deliveries created since `since` whose payload names `mentioning` (the console's story of one
 * transaction), oldest first; at most `MAX_EXAMINED_PER_PAGE` deliveries are read.
 */
export async function deliveriesOfEndpointMentioning(
  db: Db,
  organizationId: string,
  endpointId: string,
  input: { since: string; mentioning: string; limit: number },
): Promise<DeliveryRecord[]> {
  const page = await queryListPage(db, {
    partition: keys.webhookDeliveriesOfEndpoint(organizationId, endpointId).gsi1pk,
    sortKeyRange: { from: input.since, to: '~' },
    limit: input.limit,
    parse: parseDelivery,
    matches: (delivery) => delivery.payload.includes(input.mentioning),
  });
  return page.items.reverse();
}

/**
 * Takes the next attempt of a pending delivery: counts it and pushes the due time out by `leaseUntil`, so a
 * crashed attempt is tried again after the lease. Of two copies of one message, exactly one gets it.
 */
export async function claimDeliveryAttempt(
  db: Db,
  delivery: DeliveryRecord,
  at: { now: Date; leaseUntil: Date; messageId: string },
): Promise<DeliveryRecord | undefined> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.webhookDelivery(delivery.organizationId, delivery.deliveryId),
        UpdateExpression:
          'SET attempts = :next, lastAttemptAt = :now, nextAttemptAt = :lease, leasedBy = :message, updatedAt = :now',
        // Only the attempt after the one we read, and only while pending: a duplicate message loses here.
        ConditionExpression: '#status = :pending AND attempts = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'PENDING',
          ':seen': delivery.attempts,
          ':next': delivery.attempts + 1,
          ':now': at.now.toISOString(),
          ':lease': at.leaseUntil.toISOString(),
          ':message': at.messageId,
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  return {
    ...delivery,
    attempts: delivery.attempts + 1,
    lastAttemptAt: at.now.toISOString(),
    nextAttemptAt: at.leaseUntil.toISOString(),
    leasedBy: at.messageId,
  };
}

/** Keeps the most recent attempts; a delivery retried by hand many times must not grow without bound. */
const ATTEMPT_LOG_SIZE = 20;

/** Records how the claimed attempt went. False when the delivery moved on meanwhile (nothing written). */
export async function recordDeliveryOutcome(
  db: Db,
  claimed: DeliveryRecord,
  outcome: { status: DeliveryStatus; nextAttemptAt: Date | undefined; attempt: Attempt; now: Date },
): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.webhookDelivery(claimed.organizationId, claimed.deliveryId),
        UpdateExpression:
          'SET #status = :status, nextAttemptAt = :next, lastResponseStatus = :response, lastError = :error, ' +
          'attemptLog = :log, leasedBy = :nobody, updatedAt = :now',
        // Only the attempt we claimed may report; a later claim (after our lease ran out) owns the delivery.
        ConditionExpression: '#status = :pending AND attempts = :claimed',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':next': outcome.nextAttemptAt?.toISOString() ?? null,
          ':response': outcome.attempt.responseStatus,
          ':error': outcome.attempt.error,
          ':log': [...claimed.attemptLog, outcome.attempt].slice(-ATTEMPT_LOG_SIZE),
          ':now': outcome.now.toISOString(),
          ':nobody': null,
          ':pending': 'PENDING',
          ':claimed': claimed.attempts,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Makes the delivery due now and, in the same transaction, stores the request the stream carries to the
 * sender. A delivered or failed one gets one attempt more. False when the delivery changed since it was read.
 */
export async function requestRedelivery(
  db: Db,
  delivery: DeliveryRecord,
  input: { requestId: string; now: Date },
  extra: Extra = [],
): Promise<DeliveryRecord | undefined> {
  const allowedAttempts = delivery.status === 'PENDING' ? delivery.allowedAttempts : delivery.attempts + 1;
  const now = input.now.toISOString();
  try {
    await writeGuarded(db, [
      {
        role: 'delivery',
        item: {
          Update: {
            TableName: db.tableName,
            Key: keys.webhookDelivery(delivery.organizationId, delivery.deliveryId),
            UpdateExpression:
              'SET #status = :pending, allowedAttempts = :allowed, nextAttemptAt = :now, updatedAt = :now',
            // Over the state we read: an attempt finishing meanwhile changes what "one more" means.
            ConditionExpression: '#status = :seenStatus AND attempts = :seenAttempts',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':pending': 'PENDING',
              ':allowed': allowedAttempts,
              ':now': now,
              ':seenStatus': delivery.status,
              ':seenAttempts': delivery.attempts,
            },
          },
        },
      },
      {
        role: 'redelivery',
        item: {
          Put: {
            TableName: db.tableName,
            Item: {
              ...keys.webhookRedelivery(input.requestId),
              entity: 'WEBHOOK_REDELIVERY',
              organizationId: delivery.organizationId,
              deliveryId: delivery.deliveryId,
              requestedAt: now,
              expiresAt: Math.floor(input.now.getTime() / 1000) + REDELIVERY_RETENTION_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      ...extra,
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'delivery') return undefined;
    throw error;
  }
  return { ...delivery, status: 'PENDING', allowedAttempts, nextAttemptAt: now, updatedAt: now };
}
