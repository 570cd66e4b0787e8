import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type BankRecord,
  BankRecordSchema,
  type BankStatus,
  type PayeeVerificationRecord,
} from '#shared/banks/records.ts';
import type { Db } from '#shared/db/client.ts';
import {
  type GuardedItem,
  RESEND_ATTEMPTS,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';
import { statusUpdate, type Transition, writeStatusChange } from '#shared/events/status-change.ts';
import { sha256Hex } from '#shared/ids.ts';
import { railNamed } from '#shared/rails/bank/rails.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { addressLookupPut, depositAddressPut, walletPut } from '#shared/wallets/repository.ts';

const BANK_ATTRIBUTES = Object.keys(BankRecordSchema.shape);

export const parseBank = (item: Record<string, unknown>): BankRecord =>
  BankRecordSchema.parse(Object.fromEntries(BANK_ATTRIBUTES.map((name) => [name, item[name]])));

/** A bank of this customer of this organization; another customer's bank is simply not found here. */
export function getBankOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  bankId: string,
): Promise<BankRecord | undefined> {
  return readItem(db, keys.bank(organizationId, customerId, bankId), parseBank);
}

/** What a batch read (`readItems`) needs to read a bank of a customer beside other items. */
export const bankRead = (organizationId: string, customerId: string, bankId: string) => ({
  key: keys.bank(organizationId, customerId, bankId),
  parse: parseBank,
});

// --- Writes and lists of the bank area ---

/** Another bank of this customer already has these account details. */
export class BankAccountExistsError extends Error {}

/** A guarded status change found the bank in another state than the one it expected. */
export class BankStateChangedError extends Error {}

/** A derived deposit address is already registered in the organization (the key or the counter was reset). */
export class DepositAddressTakenError extends Error {}

/**
 * What makes two banks "the same account", as the bank's rail says (`accountKey`: the IBAN for SEPA, routing and
 * account number for Fedwire, BIC and account for SWIFT). Hashed so the key of the uniqueness item never carries an
 * account number.
 */
export const accountDetailsHash = (
  bank: Pick<BankRecord, 'paymentRail' | 'iban' | 'bic' | 'routingNumber' | 'accountNumber'>,
) => sha256Hex(railNamed(bank.paymentRail).accountKey(bank));

/** The id of the customer's bank already registered for these account details (the uniqueness item names it). */
export async function bankIdWithAccountDetails(db: Db, bank: BankRecord): Promise<string | undefined> {
  const key = keys.bankAccountDetails(bank.organizationId, bank.customerId, accountDetailsHash(bank));
  return readItem(db, key, (item) => (typeof item.bankId === 'string' ? item.bankId : undefined));
}

/**
 * Creates a bank with everything that belongs to it, all or nothing: the bank (with its list entry), the
 * uniqueness item of its account details, the id pointer, its deposit wallets with their address lookups,
 * and the `withdrawal_bank.created` event record.
 */
export async function insertBank(
  db: Db,
  input: {
    bank: BankRecord;
    wallets: readonly WalletRecord[];
    event: EventRecord;
    /** Verification of Payee: the item that holds the bank for a member's confirmation. */
    awaiting?: GuardedItem<'payeeConfirmation'> | undefined;
    /** Sanctions screening: the hold of a bank whose beneficiary name hit a list. */
    held?: GuardedItem<'screeningHold'> | undefined;
  },
): Promise<void> {
  const { bank, wallets, event } = input;
  const items: GuardedItem<
    'bank' | 'accountDetails' | 'pointer' | 'wallet' | 'address' | 'event' | 'payeeConfirmation' | 'screeningHold'
  >[] = [
    {
      role: 'bank',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.bank(bank.organizationId, bank.customerId, bank.bankId),
            ...keys.bankListEntry(bank.organizationId, bank.customerId, bank.createdAt, bank.bankId),
            entity: 'BANK',
            ...bank,
          },
          // A fresh id never exists; the guard keeps a retried request from overwriting a bank.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      role: 'accountDetails',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.bankAccountDetails(bank.organizationId, bank.customerId, accountDetailsHash(bank)),
            entity: 'BANKDETAILS',
            organizationId: bank.organizationId,
            customerId: bank.customerId,
            bankId: bank.bankId,
          },
          // One bank per account and customer: of two concurrent identical creates exactly one passes here.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      role: 'pointer',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.bankPointer(bank.bankId),
            entity: 'BANKID',
            organizationId: bank.organizationId,
            customerId: bank.customerId,
            bankId: bank.bankId,
          },
          // Bank ids are fresh UUIDs; never repoint an existing id at another owner.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...wallets.map((wallet) => ({ role: 'wallet' as const, item: walletPut(db, wallet) })),
    ...wallets.map((wallet) => ({ role: 'address' as const, item: addressLookupPut(db, wallet) })),
    ...wallets.map((wallet) => ({ role: 'address' as const, item: depositAddressPut(db, wallet) })),
    { role: 'event', item: eventPut(db, event) },
    ...(input.awaiting ? [input.awaiting] : []),
    ...(input.held ? [input.held] : []),
  ];
  try {
    await retryOnConflict(() => writeGuarded(db, items), RESEND_ATTEMPTS);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) {
      if (error.role === 'accountDetails') throw new BankAccountExistsError();
      if (error.role === 'address') throw new DepositAddressTakenError();
    }
    throw error;
  }
}

/** Where a bank lives, from its id alone (the admin CLI has nothing else). */
export function findBankOwner(
  db: Db,
  bankId: string,
): Promise<{ organizationId: string; customerId: string } | undefined> {
  return readItem(db, keys.bankPointer(bankId), (item) => ({
    organizationId: String(item.organizationId),
    customerId: String(item.customerId),
  }));
}

export function listBanksOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<BankRecord>> {
  return queryListPage(db, {
    partition: keys.banksOfCustomer(organizationId, customerId).gsi1pk,
    ...page,
    parse: parseBank,
  });
}

/**
 * Moves a PENDING bank to ACTIVE (its deposit wallets enabled with it) or REJECTED (its account details
 * released, so a corrected resubmission is possible), with the event record, in one transaction. A member's
 * payee confirmation of a bank that still awaits an operator's review keeps it PENDING (no event).
 */
export async function decideBank(
  db: Db,
  input: {
    bank: BankRecord;
    transition: Transition<BankStatus>;
    wallets: readonly WalletRecord[];
    rejectionReason: string | null;
    now: Date;
    event: EventRecord | undefined;
    /** Verification of Payee: the member's decision, with its audit entry and signature items. */
    payee?: { verification: PayeeVerificationRecord; alongside: readonly GuardedItem<string>[] };
    /** Written in the same transaction (a screening reviewer's decision and its audit entry). */
    alongside?: readonly GuardedItem<string>[];
  },
): Promise<BankRecord> {
  const { bank, transition, wallets, now, event, payee } = input;
  const { to } = transition;
  const at = now.toISOString();
  const rejectionReason = to === 'REJECTED' ? input.rejectionReason : null;
  await writeStatusChange(db, {
    subject: statusUpdate(db, {
      key: keys.bank(bank.organizationId, bank.customerId, bank.bankId),
      attribute: 'status',
      transition,
      set: { rejectionReason, ...(payee ? { payeeVerification: payee.verification } : {}) },
      now,
      version: 'bump',
    }),
    alongside: [
      ...(payee?.alongside ?? []),
      ...(input.alongside ?? []),
      ...(to === 'PENDING'
        ? []
        : to === 'ACTIVE'
          ? wallets.map((wallet) => ({
              role: 'wallet' as const,
              item: {
                Update: {
                  TableName: db.tableName,
                  Key: keys.wallet(wallet.organizationId, wallet.customerId, wallet.walletId),
                  UpdateExpression: 'SET enabled = :true, updatedAt = :now',
                  // Enable only the wallet that exists; never create a half wallet from an update.
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':true': true, ':now': at },
                },
              },
            }))
          : [
              {
                role: 'accountDetails' as const,
                item: {
                  Delete: {
                    TableName: db.tableName,
                    Key: keys.bankAccountDetails(bank.organizationId, bank.customerId, accountDetailsHash(bank)),
                    // Release the details only if they still belong to this bank.
                    ConditionExpression: 'bankId = :bankId',
                    ExpressionAttributeValues: { ':bankId': bank.bankId },
                  },
                },
              },
            ]),
    ],
    event,
    refused: (role) => (role === 'subject' ? new BankStateChangedError() : undefined),
    resend: RESEND_ATTEMPTS,
  });
  return {
    ...bank,
    status: to,
    rejectionReason,
    ...(payee ? { payeeVerification: payee.verification } : {}),
    updatedAt: at,
    version: bank.version + 1,
  };
}

/**
 * Records a NACHA notification of change on the bank (`shared/rails/bank/ach/nacha-returns.ts` reads them). Once per
 * original entry: the same notification delivered again changes nothing (false).
 */
export async function recordNotificationOfChange(
  db: Db,
  bank: Pick<BankRecord, 'organizationId' | 'customerId' | 'bankId'>,
  change: NonNullable<BankRecord['notificationOfChange']>,
): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.bank(bank.organizationId, bank.customerId, bank.bankId),
        UpdateExpression: 'SET notificationOfChange = :change, updatedAt = :now ADD version :one',
        // The bank must exist (never create half a bank from an update), and this notification not be recorded yet.
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(notificationOfChange) OR notificationOfChange.originalTraceNumber <> :trace)',
        ExpressionAttributeValues: {
          ':change': change,
          ':now': change.receivedAt,
          ':one': 1,
          ':trace': change.originalTraceNumber,
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
