import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's banks waiting for a review (`PENDING` at registration: a third party's, a SWIFT bank, or one
 * Verification of Payee held): one entry each, written with the bank and deleted in the transaction that decides it,
 * so the reviewers' queue is one Query of the organization's entries.
 */
const EntrySchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  bankId: z.string(),
  createdAt: z.string(),
});
export type BankAwaitingReview = z.infer<typeof EntrySchema>;

export function bankAwaitingReviewPut(db: Db, bank: BankAwaitingReview): GuardedItem<'awaitingReview'> {
  const { organizationId, customerId, bankId, createdAt } = bank;
  return {
    role: 'awaitingReview',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.bankAwaitingReview(organizationId, bankId),
          entity: 'BANKREVIEW',
          organizationId,
          customerId,
          bankId,
          createdAt,
        },
      },
    },
  };
}

/** Unconditional: a bank registered before the queue existed has no entry to delete. */
export function bankAwaitingReviewDelete(db: Db, bank: { organizationId: string; bankId: string }) {
  return {
    role: 'awaitingReview' as const,
    item: { Delete: { TableName: db.tableName, Key: keys.bankAwaitingReview(bank.organizationId, bank.bankId) } },
  };
}

/** The entries, oldest first (at most `max`). */
export async function listBanksAwaitingReview(db: Db, organizationId: string, max: number) {
  const entries = await queryAll(
    db,
    { partition: keys.banksAwaitingReview(organizationId).pk, consistent: true },
    (item) => EntrySchema.parse(item),
    { max },
  );
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
