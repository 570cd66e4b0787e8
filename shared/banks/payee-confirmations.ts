import { type BankRecord, type PayeeConfirmationItem, PayeeConfirmationItemSchema } from '#shared/banks/records.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryPage } from '#shared/db/query.ts';

/**
 * The banks an organization's members are asked to confirm (Verification of Payee answered CLOSE_MATCH, NO_MATCH
 * or, by the setting, NOT_POSSIBLE): one item each in the organization's partition, put with the bank and deleted
 * by the decision, whose condition on it lets exactly one decision through.
 */
const parse = (item: StoredItem): PayeeConfirmationItem =>
  PayeeConfirmationItemSchema.parse(
    Object.fromEntries(Object.keys(PayeeConfirmationItemSchema.shape).map((name) => [name, item[name]])),
  );

/** At most this many are listed: a queue of banks for people to look at, not an archive. */
export const MAX_LISTED = 100;

export const awaitingConfirmationPut = (
  db: Db,
  bank: Pick<BankRecord, 'organizationId' | 'customerId' | 'bankId' | 'createdAt'>,
  onConfirm: PayeeConfirmationItem['onConfirm'],
): GuardedItem<'payeeConfirmation'> => {
  const record: PayeeConfirmationItem = {
    organizationId: bank.organizationId,
    customerId: bank.customerId,
    bankId: bank.bankId,
    onConfirm,
    createdAt: bank.createdAt,
  };
  return {
    role: 'payeeConfirmation',
    item: {
      Put: {
        TableName: db.tableName,
        Item: { ...keys.payeeConfirmation(bank.organizationId, bank.bankId), entity: 'PAYEECONFIRMATION', ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
};

export const awaitingConfirmationDelete = (
  db: Db,
  organizationId: string,
  bankId: string,
): GuardedItem<'payeeConfirmation'> => ({
  role: 'payeeConfirmation',
  item: {
    Delete: {
      TableName: db.tableName,
      Key: keys.payeeConfirmation(organizationId, bankId),
      // Decided once: a second decision finds it gone.
      ConditionExpression: 'attribute_exists(pk)',
    },
  },
});

export const getAwaitingConfirmation = (db: Db, organizationId: string, bankId: string) =>
  readItem(db, keys.payeeConfirmation(organizationId, bankId), parse);

/** Oldest first: the bank waiting longest comes first. */
export async function listAwaitingConfirmation(db: Db, organizationId: string): Promise<PayeeConfirmationItem[]> {
  const partition = keys.payeeConfirmationsOfOrganization(organizationId).pk;
  const { items } = await queryPage(db, { partition, consistent: true }, { limit: MAX_LISTED });
  return items.map(parse).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
