import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { RESEND_ATTEMPTS, retryOnConflict, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';
import {
  VIRTUAL_ACCOUNT_TRANSITIONS,
  type VirtualAccountRecord,
  VirtualAccountRecordSchema,
} from '#shared/deposits/records.ts';
import { virtualAccountAwaitingReviewDelete, virtualAccountAwaitingReviewPut } from '#shared/deposits/review-queue.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';
import { statusUpdate, writeStatusChange } from '#shared/events/status-change.ts';

const ATTRIBUTES = Object.keys(VirtualAccountRecordSchema.shape);

const parseVirtualAccount = (item: Record<string, unknown>): VirtualAccountRecord =>
  VirtualAccountRecordSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]])));

/** The customer already has a virtual account of this currency. */
export class VirtualAccountExistsError extends Error {}

/** The drawn IBAN belongs to another virtual account; draw another. */
export class IbanTakenError extends Error {}

/** A guarded status change found the virtual account in another state than the one it expected. */
export class VirtualAccountStateChangedError extends Error {}

export function getVirtualAccountOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  virtualAccountId: string,
): Promise<VirtualAccountRecord | undefined> {
  return readItem(db, keys.virtualAccount(organizationId, customerId, virtualAccountId), parseVirtualAccount);
}

/** The customer's virtual account of a currency, through the item that makes it the only one. */
export async function findVirtualAccountOfCurrency(
  db: Db,
  organizationId: string,
  customerId: string,
  currency: VirtualAccountRecord['currency'],
): Promise<VirtualAccountRecord | undefined> {
  const virtualAccountId = await readItem(
    db,
    keys.virtualAccountOfCurrency(organizationId, customerId, currency),
    (item) => String(item.virtualAccountId),
  );
  if (virtualAccountId === undefined) return undefined;
  return getVirtualAccountOfCustomer(db, organizationId, customerId, virtualAccountId);
}

/** Where a virtual account lives, from its id alone (the admin CLI has nothing else). */
export function findVirtualAccountOwner(db: Db, virtualAccountId: string) {
  return readItem(db, keys.virtualAccountPointer(virtualAccountId), (item) => ({
    organizationId: String(item.organizationId),
    customerId: String(item.customerId),
  }));
}

export function listVirtualAccountsOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<VirtualAccountRecord>> {
  return queryListPage(db, {
    partition: keys.virtualAccountsOfCustomer(organizationId, customerId).gsi1pk,
    ...page,
    parse: parseVirtualAccount,
  });
}

/** The account, the item that makes it the customer's only one of its currency, and the id pointer: all or nothing. */
export async function insertVirtualAccount(db: Db, account: VirtualAccountRecord, event: EventRecord): Promise<void> {
  const { organizationId, customerId, virtualAccountId } = account;
  const owner = { organizationId, customerId, virtualAccountId };
  try {
    await retryOnConflict(
      () =>
        writeGuarded(db, [
          {
            role: 'account',
            item: {
              Put: {
                TableName: db.tableName,
                Item: {
                  ...keys.virtualAccount(organizationId, customerId, virtualAccountId),
                  ...keys.virtualAccountListEntry(organizationId, customerId, account.createdAt, virtualAccountId),
                  entity: 'VACCOUNT',
                  ...account,
                },
                // A fresh id never exists; the guard keeps a retried request from overwriting an account.
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          },
          {
            role: 'currency',
            item: {
              Put: {
                TableName: db.tableName,
                Item: {
                  ...keys.virtualAccountOfCurrency(organizationId, customerId, account.currency),
                  entity: 'VACCOUNTCURRENCY',
                  ...owner,
                },
                // One virtual account per currency and customer: of two concurrent requests exactly one passes here.
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          },
          {
            role: 'pointer',
            item: {
              Put: {
                TableName: db.tableName,
                Item: { ...keys.virtualAccountPointer(virtualAccountId), entity: 'VACCOUNTID', ...owner },
                // Ids are fresh UUIDs; never repoint an existing id at another owner.
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          },
          virtualAccountAwaitingReviewPut(db, account),
          eventWrite(db, event),
        ]),
      RESEND_ATTEMPTS,
    );
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'currency') throw new VirtualAccountExistsError();
    throw error;
  }
}

/** PENDING -> ACTIVE with its dedicated IBAN, which is claimed globally in the same transaction. */
export async function activateVirtualAccount(
  db: Db,
  input: {
    account: VirtualAccountRecord;
    bank: Pick<VirtualAccountRecord, 'iban' | 'bic' | 'bankName' | 'bankAddress' | 'bankCountry'> & { iban: string };
    now: Date;
    /** `virtual_account.approved`, built from the account as it becomes. */
    event: (activated: VirtualAccountRecord) => EventRecord;
    /** Written with the decision: a reviewer's audit entry. */
    alongside?: readonly GuardedItem<string>[] | undefined;
  },
): Promise<VirtualAccountRecord> {
  const { account, bank } = input;
  const at = input.now.toISOString();
  const activated: VirtualAccountRecord = { ...account, ...bank, status: 'ACTIVE', activatedAt: at, updatedAt: at };
  await writeStatusChange(db, {
    // Of two racing approvals exactly one assigns an IBAN.
    subject: statusUpdate(db, {
      key: keys.virtualAccount(account.organizationId, account.customerId, account.virtualAccountId),
      attribute: 'status',
      transition: VIRTUAL_ACCOUNT_TRANSITIONS.approve,
      set: { ...bank, activatedAt: at },
      now: input.now,
    }),
    alongside: [
      ...(input.alongside ?? []),
      virtualAccountAwaitingReviewDelete(db, account),
      {
        role: 'iban',
        item: {
          Put: {
            TableName: db.tableName,
            Item: {
              ...keys.virtualAccountIban(bank.iban),
              entity: 'VIBAN',
              organizationId: account.organizationId,
              customerId: account.customerId,
              virtualAccountId: account.virtualAccountId,
            },
            // An IBAN routes incoming money to one account: it is never handed out twice.
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
    ],
    event: input.event(activated),
    refused: (role) => (role === 'subject' ? new VirtualAccountStateChangedError() : new IbanTakenError()),
    resend: RESEND_ATTEMPTS,
  });
  return activated;
}

/** The event record of a virtual account change, written in the change's own transaction. */
const eventWrite = (db: Db, event: EventRecord) => ({
  role: 'event' as const,
  item: eventPut(db, event),
});

/**
 * PENDING -> REJECTED, final. The customer's slot for the currency is released in the same transaction, so a
 * new account of that currency may be requested; the rejected one stays readable and listed.
 */
export async function rejectVirtualAccount(
  db: Db,
  input: {
    account: VirtualAccountRecord;
    reason: string | null;
    now: Date;
    /** `virtual_account.rejected`, built from the account as it becomes. */
    event: (rejected: VirtualAccountRecord) => EventRecord;
    /** Written with the decision: a reviewer's audit entry. */
    alongside?: readonly GuardedItem<string>[] | undefined;
  },
): Promise<VirtualAccountRecord> {
  const { account } = input;
  const at = input.now.toISOString();
  const rejected: VirtualAccountRecord = {
    ...account,
    status: 'REJECTED',
    rejectionReason: input.reason,
    updatedAt: at,
  };
  const { organizationId, customerId, virtualAccountId } = account;
  await writeStatusChange(db, {
    // An approval and a rejection racing, one of them wins.
    subject: statusUpdate(db, {
      key: keys.virtualAccount(organizationId, customerId, virtualAccountId),
      attribute: 'status',
      transition: VIRTUAL_ACCOUNT_TRANSITIONS.reject,
      set: { rejectionReason: input.reason },
      now: input.now,
    }),
    alongside: [
      ...(input.alongside ?? []),
      virtualAccountAwaitingReviewDelete(db, account),
      {
        role: 'currency',
        item: {
          Delete: {
            TableName: db.tableName,
            Key: keys.virtualAccountOfCurrency(organizationId, customerId, account.currency),
            // The slot is this account's (a request made after a rejection holds its own).
            ConditionExpression: 'virtualAccountId = :id',
            ExpressionAttributeValues: { ':id': virtualAccountId },
          },
        },
      },
    ],
    event: input.event(rejected),
    refused: () => new VirtualAccountStateChangedError(),
    resend: RESEND_ATTEMPTS,
  });
  return rejected;
}
