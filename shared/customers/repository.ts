import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CustomerRecord,
  CustomerRecordSchema,
  KYC_TRANSITIONS,
  type KycDocumentRecord,
  type KycDocuments,
  type KycRejection,
  type KycStatus,
} from '#shared/customers/records.ts';
import type { Db } from '#shared/db/client.ts';
import {
  type GuardedItem,
  RESEND_ATTEMPTS,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type Page, queryListPage } from '#shared/db/pagination.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';
import { statusUpdate, type Transition, writeStatusChange } from '#shared/events/status-change.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A stored customer, checked whole against its record's schema (a damaged item is refused, never served). The
 * schema drops the table's own attributes (keys, entity) itself: no copy of the item is made first, which on a
 * list page was a third of the parse.
 */
const parseCustomer = (item: Record<string, unknown>): CustomerRecord => CustomerRecordSchema.parse(item);

/** A list page parses up to 51 customers at once: with the compiled parser (shared/validation/zod.ts). */
const ListedCustomerSchema = /* @__PURE__ */ z.compiledObject(CustomerRecordSchema);
const parseListedCustomer = (item: Record<string, unknown>): CustomerRecord => ListedCustomerSchema.parse(item);

/** The randomly drawn deposit reference is already taken (vanishingly rare); draw another. */
export class DepositReferenceTakenError extends Error {}

/** Thrown when a guarded status change finds the customer in another state than the one it expected. */
export class CustomerStateChangedError extends Error {}

export function getCustomer(db: Db, organizationId: string, customerId: string) {
  return readItem(db, keys.customer(organizationId, customerId), parseCustomer);
}

/** What a batch read (`readItems`) needs to read a customer beside other items. */
export const customerRead = (organizationId: string, customerId: string) => ({
  key: keys.customer(organizationId, customerId),
  parse: parseCustomer,
});

export async function insertCustomer(db: Db, customer: CustomerRecord, event: EventRecord): Promise<void> {
  try {
    await writeGuarded(db, customerPuts(db, customer, event));
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'depositReference') {
      throw new DepositReferenceTakenError();
    }
    throw error;
  }
}

function customerPuts(
  db: Db,
  customer: CustomerRecord,
  event: EventRecord,
): GuardedItem<'customer' | 'depositReference' | 'event'>[] {
  return [
    {
      role: 'customer',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.customer(customer.organizationId, customer.customerId),
            ...keys.customerListEntry(customer.organizationId, customer.createdAt, customer.customerId),
            entity: 'CUSTOMER',
            ...customer,
          },
          // A new id never exists; the guard makes sure a retry can never overwrite a customer.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      role: 'depositReference',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.depositReference(customer.depositReference),
            entity: 'DEPOSITREF',
            organizationId: customer.organizationId,
            customerId: customer.customerId,
          },
          // Deposit references identify the payer's customer, so no two customers may share one.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    { role: 'event', item: eventPut(db, event) },
  ];
}

export function listCustomersOfOrganization(
  db: Db,
  organizationId: string,
  page: {
    limit: number;
    cursor?: string | undefined;
    /** A search in code (case-insensitive), read through at most `MAX_EXAMINED_PER_PAGE` customers a page. */
    matches?: ((customer: CustomerRecord) => boolean) | undefined;
  },
): Promise<Page<CustomerRecord>> {
  return queryListPage(db, {
    partition: keys.customersOfOrganization(organizationId).gsi1pk,
    ...page,
    parse: parseListedCustomer,
  });
}

/**
 * The one guarded change of a customer's own fields: SET each of `fields`, `updatedAt` and `version + 1`,
 * conditional on the version read, written with the `alongside` items (its event,
 * a document) in one transaction. A guard of the customer that fails is a `CustomerStateChangedError`: the caller
 * reads again and decides again. Field names go through attribute names (`name` is a DynamoDB reserved word).
 */
async function writeCustomerChange(
  db: Db,
  input: {
    customer: CustomerRecord;
    fields: Partial<CustomerRecord>;
    now: Date;
    alongside: GuardedItem<string>[];
  },
): Promise<CustomerRecord> {
  const { customer, fields, now } = input;
  const names = Object.keys(fields);
  const assignments = names.map((_, i) => `#f${i} = :f${i}`);
  try {
    await writeGuarded(db, [
      {
        role: 'customer',
        item: {
          Update: {
            TableName: db.tableName,
            Key: keys.customer(customer.organizationId, customer.customerId),
            UpdateExpression: `SET ${[...assignments, 'updatedAt = :now', 'version = version + :one'].join(', ')}`,
            ConditionExpression: 'version = :seen',
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
            ExpressionAttributeValues: {
              ...Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name as keyof CustomerRecord]])),
              ':now': now.toISOString(),
              ':one': 1,
              ':seen': customer.version,
            },
          },
        },
      },
      ...input.alongside,
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'customer') throw new CustomerStateChangedError();
    throw error;
  }
  return { ...customer, ...fields, updatedAt: now.toISOString(), version: customer.version + 1 };
}

/** What an approval records of the customer: the verified name and address, and for KYB the company. */
export type VerifiedIdentityFields = Pick<
  CustomerRecord,
  'verifiedName' | 'address' | 'nationality' | 'dateOfBirth' | 'verifiedCompany'
>;

/**
 * Moves the customer's KYC status along one of `KYC_TRANSITIONS`, optionally with the verified identity, and
 * writes the event record in the same transaction. (Its own update, not `writeCustomerChange`: its condition also
 * names the states it may leave.)
 */
export async function changeKycStatus(
  db: Db,
  input: {
    customer: CustomerRecord;
    transition: Transition<KycStatus>;
    identity?: VerifiedIdentityFields;
    /** A rejection's terms (kept until the next verdict); an approval clears them. */
    rejection?: KycRejection;
    /** A verdict ends a submitted review; a submission starts one, counting its `attempt`; a (re)start does neither. */
    review?: { ends: true } | { starts: true; attempt: number; heldForScreening?: true };
    /** The uploaded document whose item completes the submission, with the customer's steps as they become. */
    upload?: { document: KycDocumentRecord; documents: KycDocuments };
    now: Date;
    event?: EventRecord;
    /**
     * Other areas' items written in the same transaction (a screening hold, a reviewer's decision and its audit
     * entry, a provider event's receipt); their roles theirs.
     */
    alongside?: readonly GuardedItem<string>[];
    /** Profile fields changed with the status (a new name held for screening). */
    changes?: CustomerChanges;
  },
): Promise<CustomerRecord> {
  const { customer, transition, identity, rejection, review, upload, now, event } = input;
  const fields: Partial<CustomerRecord> = {
    ...input.changes,
    ...(upload ? { kycDocuments: upload.documents } : {}),
    ...(review && 'ends' in review ? { kycInReview: false } : {}),
    ...(review && 'starts' in review ? { kycInReview: true, kycAttempts: review.attempt } : {}),
    ...(identity ? { ...identity, kycRejection: null } : {}),
    ...(rejection ? { kycRejection: rejection } : {}),
  };
  // A submission waits in the KYC queue (`shared/waiting/`) from its start until a verdict ends its review; one
  // held by sanctions screening waits on the screening review instead (its hold's entry).
  const queues = review && 'starts' in review && !review.heldForScreening;
  const queued = queues
    ? keys.waitingEntry('KYC', now.toISOString(), `${customer.organizationId}#${customer.customerId}`)
    : {};
  const leaves = review && !queues;
  await writeStatusChange(db, {
    // Only from an expected state, and only if nothing changed since we read it: of two racing
    // verdicts exactly one wins, even when the first would leave a state the second may leave too.
    subject: statusUpdate(db, {
      key: keys.customer(customer.organizationId, customer.customerId),
      attribute: 'kycStatus',
      transition,
      set: { ...fields, ...queued },
      ...(leaves ? { remove: ['gsi2pk', 'gsi2sk'] } : {}),
      now,
      version: { seen: customer.version },
    }),
    alongside: [...(upload ? [documentPut(db, upload.document)] : []), ...(input.alongside ?? [])],
    event,
    refused: (role) => (role === 'subject' ? new CustomerStateChangedError() : undefined),
    // Its guards alone decide (the version read): sent again after a conflict, the loser of a race is refused.
    resend: RESEND_ATTEMPTS,
  });
  return {
    ...customer,
    kycStatus: transition.to,
    updatedAt: now.toISOString(),
    version: customer.version + 1,
    ...fields,
  };
}

/**
 * Submits the customer's KYC for review: `PENDING`, in review, `attempt` counted, with its event, in one
 * transaction. Only the state the rules were checked on: two racing submissions count one attempt, not two.
 */
export function submitKycForReview(
  db: Db,
  input: {
    customer: CustomerRecord;
    attempt: number;
    now: Date;
    event: EventRecord;
    alongside?: readonly GuardedItem<string>[];
  },
): Promise<CustomerRecord> {
  return changeKycStatus(db, {
    customer: input.customer,
    transition: KYC_TRANSITIONS.submit,
    review: { starts: true, attempt: input.attempt },
    now: input.now,
    event: input.event,
    ...(input.alongside ? { alongside: input.alongside } : {}),
  });
}

/**
 * Sets the customer's developer fee rate (Compose's `PATCH .../developer-fees`); undefined when there is no such
 * customer. Only these two attributes change, so it needs no version guard: nothing else reads them to decide.
 */
export async function setDeveloperSpreadFee(
  db: Db,
  input: { organizationId: string; customerId: string; developerSpreadFeeBps: number; now: Date },
): Promise<CustomerRecord | undefined> {
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.customer(input.organizationId, input.customerId),
        UpdateExpression: 'SET developerSpreadFeeBps = :bps, developerFeesUpdatedAt = :now',
        // Never creates a customer out of a fee for an unknown id.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':bps': input.developerSpreadFeeBps, ':now': input.now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? parseCustomer(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Records an uploaded KYC document: its item, the customer's steps and, when the upload completes them, the
 * submission for review (`KYC_TRANSITIONS.submit`: in review, `attempt` counted, `customer.kyc.submitted`), in one
 * transaction conditional on the customer's version, so a concurrent change makes the caller decide again.
 */
export async function recordKycDocument(
  db: Db,
  input: {
    customer: CustomerRecord;
    document: KycDocumentRecord;
    documents: KycDocuments;
    submission?: { attempt: number; event: EventRecord };
    now: Date;
  },
): Promise<void> {
  const { customer, document, documents, submission, now } = input;
  if (submission) {
    await changeKycStatus(db, {
      customer,
      transition: KYC_TRANSITIONS.submit,
      review: { starts: true, attempt: submission.attempt },
      upload: { document, documents },
      now,
      event: submission.event,
    });
    return;
  }
  await writeCustomerChange(db, {
    customer,
    fields: { kycDocuments: documents },
    now,
    alongside: [documentPut(db, document)],
  });
}

const documentPut = (db: Db, document: KycDocumentRecord): GuardedItem<'document'> => ({
  role: 'document',
  item: {
    Put: {
      TableName: db.tableName,
      Item: {
        ...keys.kycDocument(document.organizationId, document.customerId, document.documentId),
        entity: 'KYCDOC',
        ...document,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
});

/** The fields of a customer that change on their own, each with its event (profile, enabled, KYC level). */
export type CustomerChanges = Partial<
  Pick<CustomerRecord, 'name' | 'email' | 'expectedMonthlyVolume' | 'enabled' | 'kycLevel'>
>;

/**
 * Changes fields of the customer with the event that says so, in one transaction conditional on the version read
 * (a concurrent change makes the caller decide again on a fresh read: `CustomerStateChangedError`).
 */
export function updateCustomerFields(
  db: Db,
  input: {
    customer: CustomerRecord;
    changes: CustomerChanges;
    now: Date;
    event: EventRecord;
    alongside?: readonly GuardedItem<string>[];
  },
): Promise<CustomerRecord> {
  return writeCustomerChange(db, {
    customer: input.customer,
    fields: input.changes,
    now: input.now,
    alongside: [{ role: 'event', item: eventPut(db, input.event) }, ...(input.alongside ?? [])],
  });
}
