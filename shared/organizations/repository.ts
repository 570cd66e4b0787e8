import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EurReceivingAccount } from '#shared/config/receiving-banks.ts';
import type { Db } from '#shared/db/client.ts';
import { type GuardedItem, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem, readItems, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import type { ApiKeyRecord } from '#shared/organizations/records.ts';
import { ApiKeyRecordSchema, type Organization, OrganizationSchema } from '#shared/organizations/records.ts';

export class OrganizationNotFoundError extends Error {}
/** The organization was changed by someone else between the read a change was computed from and its write. */
export class OrganizationChangedError extends Error {}
export class ApiKeyNotFoundError extends Error {}

const strip = <T extends Record<string, unknown>>(item: T) => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entity: _e, ...rest } = item;
  return rest;
};

const parseOrganization = (item: StoredItem): Organization => OrganizationSchema.parse(strip(item));
const parseApiKey = (item: StoredItem): ApiKeyRecord => ApiKeyRecordSchema.parse(strip(item));

export function getOrganization(db: Db, organizationId: string): Promise<Organization | undefined> {
  return readItem(db, keys.organization(organizationId), parseOrganization);
}

/** Creates the organization and its first key together: an organization never exists without a way in. */
export async function createOrganizationWithKey(db: Db, organization: Organization, key: ApiKeyRecord): Promise<void> {
  await writeGuarded(db, [
    {
      role: 'organization',
      item: {
        Put: {
          TableName: db.tableName,
          Item: { ...keys.organization(organization.organizationId), entity: 'ORGANIZATION', ...organization },
          // A fresh id never collides; the condition keeps a retried request from overwriting.
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...apiKeyPuts(db, key),
  ]);
}

function apiKeyPuts(db: Db, key: ApiKeyRecord): GuardedItem<'apiKey' | 'apiKeyRef'>[] {
  return [
    {
      role: 'apiKey',
      item: {
        Put: {
          TableName: db.tableName,
          Item: { ...keys.apiKeyByHash(key.keyHash), entity: 'APIKEY', ...key },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      role: 'apiKeyRef',
      item: {
        Put: {
          TableName: db.tableName,
          Item: {
            ...keys.apiKeyById(key.apiKeyId),
            ...keys.apiKeyListEntry(key.organizationId, key.createdAt, key.apiKeyId),
            entity: 'APIKEY_REF',
            ...key,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
  ];
}

/** `alongside`: items written in the same transaction (the console's audit entry). */
export async function addApiKey(db: Db, key: ApiKeyRecord, alongside: GuardedItem<string>[] = []): Promise<void> {
  try {
    await writeGuarded(db, [
      ...alongside,
      {
        role: 'organization',
        item: {
          ConditionCheck: {
            TableName: db.tableName,
            Key: keys.organization(key.organizationId),
            // A key for an organization that does not exist would be an orphan.
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      },
      ...apiKeyPuts(db, key),
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'organization') {
      throw new OrganizationNotFoundError(`Organization ${key.organizationId} not found`);
    }
    throw error;
  }
}

/** The request-path lookup: one strongly consistent GetItem, so a revoked key stops working at once. */
export function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRecord | undefined> {
  return readItem(db, keys.apiKeyByHash(keyHash), parseApiKey);
}

/**
 * The request-path lookup of a key that names its organization: the key and that organization in ONE strongly
 * consistent BatchGetItem, so a revoked key is refused, and a changed organization applies, from the very next
 * request. The organization is the one the key named; the caller checks that it is the key's own.
 */
export function findApiKeyWithOrganization(db: Db, keyHash: string, organizationId: string) {
  return readItems(db, {
    key: { key: keys.apiKeyByHash(keyHash), parse: parseApiKey },
    organization: { key: keys.organization(organizationId), parse: parseOrganization },
  });
}

/**
 * Moves the key's `lastUsedAt` on to `now`, only while it is older than `notAfter` (or absent): of concurrent
 * requests one writes, and a key in steady use is written once a minute. Bookkeeping, so a lost race is no error.
 */
export async function recordApiKeyUse(db: Db, keyHash: string, now: string, notAfter: string): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.apiKeyByHash(keyHash),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :notAfter)',
        ExpressionAttributeValues: { ':now': now, ':notAfter': notAfter },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** When each key last authenticated a request (from the key items authentication reads), by key id. */
export async function lastUsesOf(db: Db, records: readonly ApiKeyRecord[]): Promise<Map<string, string>> {
  const uses = new Map<string, string>();
  for (let start = 0; start < records.length; start += 100) {
    const page = records.slice(start, start + 100);
    const read = await readItems(
      db,
      Object.fromEntries(
        page.map((record) => [record.apiKeyId, { key: keys.apiKeyByHash(record.keyHash), parse: parseApiKey }]),
      ),
    );
    for (const found of Object.values(read)) if (found?.lastUsedAt) uses.set(found.apiKeyId, found.lastUsedAt);
  }
  return uses;
}

export const findApiKeyById = (db: Db, apiKeyId: string) => readItem(db, keys.apiKeyById(apiKeyId), parseApiKey);

export async function revokeApiKey(
  db: Db,
  apiKeyId: string,
  now: Date,
  alongside: GuardedItem<string>[] = [],
): Promise<ApiKeyRecord> {
  const record = await findApiKeyById(db, apiKeyId);
  if (!record) throw new ApiKeyNotFoundError(`API key ${apiKeyId} not found`);
  const revokedAt = now.toISOString();
  const setRevoked = (role: 'apiKey' | 'apiKeyRef', key: { pk: string; sk: string }) => ({
    role,
    item: {
      Update: {
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET #status = :revoked, revokedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'REVOKED', ':now': revokedAt },
      },
    },
  });
  if (record.status === 'REVOKED') return record;
  await writeGuarded(db, [
    ...alongside,
    setRevoked('apiKey', keys.apiKeyByHash(record.keyHash)),
    setRevoked('apiKeyRef', keys.apiKeyById(apiKeyId)),
  ]);
  return { ...record, status: 'REVOKED', revokedAt };
}

export function listApiKeysOfOrganization(db: Db, organizationId: string): Promise<ApiKeyRecord[]> {
  const partition = keys.apiKeysOfOrganization(organizationId).gsi1pk;
  return queryAll(db, { index: 'gsi1', partition, descending: true }, (item) => ApiKeyRecordSchema.parse(strip(item)));
}

export type OrganizationChanges = Partial<{
  customers: boolean;
  apiWithdrawals: boolean;
  requiredApprovals: number;
  allowanceLimit: string;
  allowanceResetMinutes: number;
  /** Basis points taken off the ECB's EUR rate (live organizations on reference rates). */
  fxSpreadBps: number;
  /** The organization's EUR receiving account for deposit details; null goes back to the platform's. */
  eurReceivingBank: EurReceivingAccount | null;
  /** The accounts payouts are debited from (the debtor of its payment files), replacing the map set before. */
  payoutAccounts: NonNullable<Organization['payoutAccounts']>;
  /** Custody: the treasury per chain, replacing the map set before. */
  treasuries: NonNullable<Organization['treasuries']>;
  /** Verification of Payee: the organization's own NOT_POSSIBLE choice; null goes back to the deployment's. */
  payeeWhenNotPossible: Organization['payeeWhenNotPossible'];
  /** The KYC provider that verifies the organization's customers; null: none (its own reviewers). */
  kycProvider: Organization['kycProvider'];
}>;

/**
 * The organization's UpdateItem for `changes`; it never creates a half-formed organization. With `seenUpdatedAt`,
 * only the organization as it was read: changes computed from it (merged maps, an audit's `before`) stay true.
 */
function organizationUpdate(
  db: Db,
  organizationId: string,
  changes: OrganizationChanges,
  now: Date,
  seenUpdatedAt?: string,
) {
  const sets: string[] = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now.toISOString() };
  const add = (path: string, name: string, value: unknown) => {
    if (value === undefined) return;
    sets.push(`${path} = :${name}`);
    values[`:${name}`] = value;
  };
  add('features.customers', 'customers', changes.customers);
  add('features.apiWithdrawals', 'apiWithdrawals', changes.apiWithdrawals);
  add('requiredApprovals', 'requiredApprovals', changes.requiredApprovals);
  add('allowance.#limit', 'allowanceLimit', changes.allowanceLimit);
  add('allowance.resetPeriodMinutes', 'allowanceReset', changes.allowanceResetMinutes);
  add('fees.fxSpreadBps', 'fxSpreadBps', changes.fxSpreadBps);
  add(
    'receivingBanks',
    'receivingBanks',
    changes.eurReceivingBank === undefined ? undefined : { EUR: changes.eurReceivingBank },
  );
  add('payoutAccounts', 'payoutAccounts', changes.payoutAccounts);
  add('treasuries', 'treasuries', changes.treasuries);
  add('payeeWhenNotPossible', 'payeeWhenNotPossible', changes.payeeWhenNotPossible);
  add('kycProvider', 'kycProvider', changes.kycProvider);
  return {
    TableName: db.tableName,
    Key: keys.organization(organizationId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    // Updating must never create a half-formed organization.
    ConditionExpression: `attribute_exists(pk)${seenUpdatedAt === undefined ? '' : ' AND updatedAt = :seen'}`,
    ...(changes.allowanceLimit !== undefined ? { ExpressionAttributeNames: { '#limit': 'limit' } } : {}),
    ExpressionAttributeValues: { ...values, ...(seenUpdatedAt === undefined ? {} : { ':seen': seenUpdatedAt }) },
    ...(seenUpdatedAt === undefined ? {} : { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const }),
  };
}

export async function updateOrganization(
  db: Db,
  organizationId: string,
  changes: OrganizationChanges,
  now: Date,
): Promise<Organization> {
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({ ...organizationUpdate(db, organizationId, changes, now), ReturnValues: 'ALL_NEW' }),
    );
    return OrganizationSchema.parse(strip(Attributes ?? {}));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new OrganizationNotFoundError(`Organization ${organizationId} not found`);
    }
    throw error;
  }
}

/**
 * `changes` and the `alongside` items (the audit entry) in one transaction, then the organization as it is now (a
 * transaction returns no values). With `seenUpdatedAt`, only if nobody changed it since (`OrganizationChangedError`).
 */
export async function updateOrganizationWith(
  db: Db,
  organizationId: string,
  changes: OrganizationChanges,
  now: Date,
  alongside: readonly GuardedItem<string>[],
  seenUpdatedAt?: string,
): Promise<Organization> {
  try {
    await writeGuarded(db, [
      {
        role: 'organization',
        item: { Update: organizationUpdate(db, organizationId, changes, now, seenUpdatedAt) },
      },
      ...alongside,
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'organization') {
      if (error.item) throw new OrganizationChangedError(`Organization ${organizationId} changed meanwhile`);
      throw new OrganizationNotFoundError(`Organization ${organizationId} not found`);
    }
    throw error;
  }
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw new OrganizationNotFoundError(`Organization ${organizationId} not found`);
  return organization;
}
