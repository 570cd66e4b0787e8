import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's requested virtual accounts waiting for a review (every one is `PENDING` when requested): one
 * entry each, written with the account and deleted in the transaction that opens or refuses it.
 */
const EntrySchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  virtualAccountId: z.string(),
  createdAt: z.string(),
});

export function virtualAccountAwaitingReviewPut(
  db: Db,
  account: z.infer<typeof EntrySchema>,
): GuardedItem<'awaitingReview'> {
  const { organizationId, customerId, virtualAccountId, createdAt } = account;
  return {
    role: 'awaitingReview',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.virtualAccountAwaitingReview(organizationId, virtualAccountId),
          entity: 'VACCOUNTREVIEW',
          organizationId,
          customerId,
          virtualAccountId,
          createdAt,
        },
      },
    },
  };
}

/** Unconditional: an account requested before the queue existed has no entry to delete. */
export function virtualAccountAwaitingReviewDelete(
  db: Db,
  account: { organizationId: string; virtualAccountId: string },
) {
  return {
    role: 'awaitingReview' as const,
    item: {
      Delete: {
        TableName: db.tableName,
        Key: keys.virtualAccountAwaitingReview(account.organizationId, account.virtualAccountId),
      },
    },
  };
}

/** The entries, oldest first (at most `max`). */
export async function listVirtualAccountsAwaitingReview(db: Db, organizationId: string, max: number) {
  const entries = await queryAll(
    db,
    { partition: keys.virtualAccountsAwaitingReview(organizationId).pk, consistent: true },
    (item) => EntrySchema.parse(item),
    { max },
  );
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
