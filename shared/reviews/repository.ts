import { type KycDocumentRecord, KycDocumentRecordSchema } from '#shared/customers/records.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem, readItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import {
  type KycReviewRecord,
  KycReviewRecordSchema,
  type ReviewSettingsRecord,
  ReviewSettingsRecordSchema,
} from '#shared/reviews/records.ts';

const parseReview = (item: Record<string, unknown>) => KycReviewRecordSchema.parse(item);

export const getKycReview = (db: Db, organizationId: string, customerId: string, attempt: number) =>
  readItem(db, keys.kycReview(organizationId, customerId, attempt), parseReview);

/** The reviews of the listed customers' current submissions (at most 100: one BatchGetItem). */
export async function kycReviewsOf(
  db: Db,
  organizationId: string,
  customers: readonly { customerId: string; kycAttempts: number }[],
): Promise<Map<string, KycReviewRecord>> {
  if (customers.length === 0) return new Map();
  const read = await readItems(
    db,
    Object.fromEntries(
      customers.map((c) => [
        c.customerId,
        { key: keys.kycReview(organizationId, c.customerId, c.kycAttempts), parse: parseReview },
      ]),
    ),
  );
  return new Map(Object.entries(read).flatMap(([id, review]) => (review ? [[id, review as KycReviewRecord]] : [])));
}

/** A customer's uploaded documents (their records; the bytes are in the document store). */
export const listKycDocuments = (db: Db, organizationId: string, customerId: string): Promise<KycDocumentRecord[]> => {
  const { pk, skPrefix } = keys.kycDocumentsOfCustomer(organizationId, customerId);
  return queryAll(db, { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true }, (item) =>
    KycDocumentRecordSchema.parse(item),
  );
};

/**
 * The review's write: a first verdict only where none exists for the submission; any later one only over the
 * verdict it read (its first reviewer and status), so of two racing reviewers one wins and the other decides again.
 */
export function kycReviewPut(
  db: Db,
  review: KycReviewRecord,
  seen: KycReviewRecord | undefined,
): GuardedItem<'review'> {
  const guard = seen
    ? {
        ConditionExpression: '#status = :status AND firstReviewer = :first',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': seen.status, ':first': seen.reviewers[0]?.memberId },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  return {
    role: 'review',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.kycReview(review.organizationId, review.customerId, review.attempt),
          entity: 'KYCREVIEW',
          ...review,
          firstReviewer: review.reviewers[0]?.memberId,
        },
        ...guard,
      },
    },
  };
}

/** The customer as read: the verdict is recorded only while the customer is still as the reviewer saw it. */
export function customerUnchanged(
  db: Db,
  customer: { organizationId: string; customerId: string; version: number },
): GuardedItem<'customer'> {
  return {
    role: 'customer',
    item: {
      ConditionCheck: {
        TableName: db.tableName,
        Key: keys.customer(customer.organizationId, customer.customerId),
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':seen': customer.version },
      },
    },
  };
}

export async function getReviewSettings(db: Db, organizationId: string): Promise<ReviewSettingsRecord | undefined> {
  return readItem(db, keys.reviewSettings(organizationId), (item) => ReviewSettingsRecordSchema.parse(item));
}

export function reviewSettingsPut(db: Db, settings: ReviewSettingsRecord): GuardedItem<'settings'> {
  return {
    role: 'settings',
    item: {
      Put: {
        TableName: db.tableName,
        Item: { ...keys.reviewSettings(settings.organizationId), entity: 'REVIEWSETTINGS', ...settings },
      },
    },
  };
}
