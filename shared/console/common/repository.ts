import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AuditEntry,
  AuditEntrySchema,
  type BatchSignature,
  BatchSignatureSchema,
  type Challenge,
  ChallengeSchema,
  type Invite,
  InviteSchema,
  type Member,
  MemberSchema,
  type Passkey,
  PasskeySchema,
  type PendingInvite,
  PendingInviteSchema,
  type Session,
  SessionSchema,
  type Signature,
  SignatureSchema,
} from '#shared/console/common/records.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem, TransactItem } from '#shared/db/guarded-write.ts';
import { readItem, readItems, type StoredItem } from '#shared/db/items.ts';
import { type Key, keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import { TABLE } from '#shared/db/table.ts';
import { sha256Hex } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { OrganizationSchema } from '#shared/organizations/records.ts';

const strip = (item: StoredItem) => {
  const { pk: _pk, sk: _sk, entity: _e, [TABLE.ttlAttribute]: _ttl, ...rest } = item;
  return rest;
};

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** A Put of a new item (never over an existing one); `until` also lets DynamoDB's TTL remove it later. */
function putNew(db: Db, key: Key, entity: string, record: object, until?: string): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: { ...key, entity, ...record, ...(until ? { [TABLE.ttlAttribute]: epochSeconds(until) } : {}) },
      // Ids and hashes are fresh: an existing item means a replay or a second signature, never a collision.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export const emailHash = (email: string) => sha256Hex(email.trim().toLowerCase());

// ---- writes: item builders, so a use case puts its change and its audit entry in one transaction ----

export const consoleWrites = {
  invite: (db: Db, invite: Invite): GuardedItem<'invite' | 'pendingInvite'>[] => {
    const { status: _status, ...pending } = invite;
    return [
      { role: 'invite', item: putNew(db, keys.invite(invite.tokenHash), 'INVITE', invite, invite.validUntil) },
      {
        role: 'pendingInvite',
        item: putNew(
          db,
          keys.pendingInvite(invite.organizationId, invite.inviteId),
          'PENDINGINVITE',
          pending,
          invite.validUntil,
        ),
      },
    ];
  },
  /** Accepted or revoked: no longer listed (an invite from before the list has no entry, which is fine). */
  unlistInvite: (db: Db, organizationId: string, inviteId: string): GuardedItem<'pendingInvite'> => ({
    role: 'pendingInvite',
    item: { Delete: { TableName: db.tableName, Key: keys.pendingInvite(organizationId, inviteId) } },
  }),
  /** Only a pending invite is revoked; its token works no more (an accepted one was used already). */
  revokeInvite: (db: Db, tokenHash: string): GuardedItem<'invite'> => ({
    role: 'invite',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.invite(tokenHash),
        UpdateExpression: 'SET #status = :revoked',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':revoked': 'REVOKED', ':pending': 'PENDING' },
      },
    },
  }),
  /** The invite is used once: only a PENDING, unexpired invite becomes ACCEPTED. */
  acceptInvite: (db: Db, tokenHash: string, now: string): GuardedItem<'invite'> => ({
    role: 'invite',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.invite(tokenHash),
        UpdateExpression: 'SET #status = :accepted',
        ConditionExpression: '#status = :pending AND validUntil > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':accepted': 'ACCEPTED', ':pending': 'PENDING', ':now': now },
      },
    },
  }),
  /** One member per e-mail address in an organization. */
  member: (db: Db, member: Member): GuardedItem<'member' | 'memberEmail'>[] => [
    {
      role: 'memberEmail',
      item: putNew(db, keys.memberEmail(member.organizationId, emailHash(member.email)), 'MEMBEREMAIL', {
        memberId: member.memberId,
      }),
    },
    { role: 'member', item: putNew(db, keys.member(member.organizationId, member.memberId), 'MEMBER', member) },
  ],
  passkey: (db: Db, passkey: Passkey): GuardedItem<'passkey'> => ({
    role: 'passkey',
    item: putNew(db, keys.passkey(passkey.credentialId), 'PASSKEY', passkey),
  }),
  /** A signature counter only grows; a cloned authenticator replaying an old counter loses here. */
  passkeyUsed: (db: Db, passkey: Passkey, counter: number, now: string): GuardedItem<'passkey'> => ({
    role: 'passkey',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.passkey(passkey.credentialId),
        UpdateExpression: 'SET #counter = :counter, lastUsedAt = :now',
        ConditionExpression: '#counter = :read',
        ExpressionAttributeNames: { '#counter': 'counter' },
        ExpressionAttributeValues: { ':counter': counter, ':now': now, ':read': passkey.counter },
      },
    },
  }),
  challenge: (db: Db, challenge: Challenge): GuardedItem<'challenge'> => ({
    role: 'challenge',
    item: putNew(db, keys.challenge(challenge.challengeId), 'CHALLENGE', challenge, challenge.validUntil),
  }),
  /** A challenge answers one ceremony: it is deleted by the write that uses it, and only if still there. */
  consumeChallenge: (db: Db, challengeId: string): GuardedItem<'challenge'> => ({
    role: 'challenge',
    item: {
      Delete: {
        TableName: db.tableName,
        Key: keys.challenge(challengeId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  }),
  session: (db: Db, tokenHash: string, session: Session): GuardedItem<'session'> => ({
    role: 'session',
    item: putNew(db, keys.session(tokenHash), 'SESSION', session, session.absoluteUntil),
  }),
  /** One signature per member and challenge; the transition refuses a member's second signature of a round. */
  signature: (db: Db, signature: Signature): GuardedItem<'signature'> => ({
    role: 'signature',
    item: putNew(
      db,
      keys.signature(signature.organizationId, signature.transactionId, signature.memberId, signature.challengeId),
      'SIGNATURE',
      signature,
    ),
  }),
  /** A batch's signature, written once with the consumed challenge; each payout's own signature names it. */
  batchSignature: (db: Db, signature: BatchSignature): GuardedItem<'batchSignature'> => ({
    role: 'batchSignature',
    item: putNew(
      db,
      keys.batchSignature(signature.organizationId, signature.batchId, signature.memberId, signature.challengeId),
      'BATCHSIGNATURE',
      signature,
    ),
  }),
  /** Append-only: an entry is only ever put new, never updated or deleted by the service. */
  audit: (db: Db, entry: AuditEntry): GuardedItem<'audit'> => ({
    role: 'audit',
    item: putNew(db, keys.auditEntry(entry.organizationId, entry.at, entry.entryId), 'AUDIT', entry),
  }),
  /** "Sign out everywhere": every session of an older epoch is refused from now on. */
  raiseSessionEpoch: (db: Db, member: Member): GuardedItem<'member'> => ({
    role: 'member',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.member(member.organizationId, member.memberId),
        UpdateExpression: 'SET sessionEpoch = sessionEpoch + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  }),
};

// ---- reads ----

export const getInvite = (db: Db, tokenHash: string) =>
  readItem(db, keys.invite(tokenHash), (item) => InviteSchema.parse(strip(item)));

export const getChallenge = (db: Db, challengeId: string) =>
  readItem(db, keys.challenge(challengeId), (item) => ChallengeSchema.parse(strip(item)));

export const getBatchSignature = (
  db: Db,
  at: { organizationId: string; batchId: string; memberId: string; challengeId: string },
) =>
  readItem(db, keys.batchSignature(at.organizationId, at.batchId, at.memberId, at.challengeId), (item) =>
    BatchSignatureSchema.parse(strip(item)),
  );

export const getPasskey = (db: Db, credentialId: string) =>
  readItem(db, keys.passkey(credentialId), (item) => PasskeySchema.parse(strip(item)));

export const getMember = (db: Db, organizationId: string, memberId: string) =>
  readItem(db, keys.member(organizationId, memberId), (item) => MemberSchema.parse(strip(item)));

export const findSession = (db: Db, tokenHash: string) =>
  readItem(db, keys.session(tokenHash), (item) => SessionSchema.parse(strip(item)));

/** A session's member and organization in one strongly consistent BatchGetItem: roles and settings apply at once. */
export async function getMemberWithOrganization(
  db: Db,
  organizationId: string,
  memberId: string,
): Promise<{ member: Member | undefined; organization: Organization | undefined }> {
  return readItems(db, {
    member: { key: keys.member(organizationId, memberId), parse: (item) => MemberSchema.parse(strip(item)) },
    organization: { key: keys.organization(organizationId), parse: (item) => OrganizationSchema.parse(strip(item)) },
  });
}

/** Moves the idle deadline on; only while the session is still there (a concurrent sign-out wins). */
export async function touchSession(db: Db, tokenHash: string, lastSeenAt: string, idleUntil: string) {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.session(tokenHash),
        UpdateExpression: 'SET lastSeenAt = :now, idleUntil = :idle',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': lastSeenAt, ':idle': idleUntil },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.client.send(new DeleteCommand({ TableName: db.tableName, Key: keys.session(tokenHash) }));
}

export async function listMembersOfOrganization(db: Db, organizationId: string): Promise<Member[]> {
  const { pk, skPrefix } = keys.membersOfOrganization(organizationId);
  const spec = { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true };
  return queryAll(db, spec, (item) => MemberSchema.parse(strip(item)));
}

export async function listSignatures(db: Db, organizationId: string, transactionId: string): Promise<Signature[]> {
  const { pk, skPrefix } = keys.signaturesOfTransaction(organizationId, transactionId);
  const spec = { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true };
  return queryAll(db, spec, (item) => SignatureSchema.parse(strip(item)));
}

/** Newest first; `before` (an entry's time) pages back; `action` filters. */
export async function listAuditEntries(
  db: Db,
  organizationId: string,
  filter: { limit: number; before?: string | undefined; action?: string | undefined; member?: string | undefined },
): Promise<AuditEntry[]> {
  const { pk } = keys.auditLog(organizationId);
  const conditions = [
    ...(filter.action ? ['#action = :action'] : []),
    // A member by id or e-mail; e-mails are stored lower case.
    ...(filter.member ? ['(#actor.#id = :member OR #actor.#email = :memberEmail)'] : []),
  ];
  const spec = {
    partition: pk,
    sortKey: filter.before ? { below: filter.before } : undefined,
    filter: conditions.length
      ? {
          expression: conditions.join(' AND '),
          names: {
            ...(filter.action ? { '#action': 'action' } : {}),
            ...(filter.member ? { '#actor': 'actor', '#id': 'id', '#email': 'email' } : {}),
          },
          values: {
            ...(filter.action ? { ':action': filter.action } : {}),
            ...(filter.member ? { ':member': filter.member, ':memberEmail': filter.member.toLowerCase() } : {}),
          },
        }
      : undefined,
    descending: true,
    consistent: true,
  };
  return queryAll(db, spec, (item) => AuditEntrySchema.parse(strip(item)), { max: filter.limit });
}

export const isMemberEmail = async (db: Db, organizationId: string, email: string) =>
  (await readItem(db, keys.memberEmail(organizationId, emailHash(email)), (item) => item)) !== undefined;

export const getPendingInvite = (db: Db, organizationId: string, inviteId: string) =>
  readItem(db, keys.pendingInvite(organizationId, inviteId), (item) => PendingInviteSchema.parse(strip(item)), {
    consistent: true,
  });

/** Oldest first; an entry past its `validUntil` that the table's TTL has not removed yet is not pending. */
export async function listPendingInvites(db: Db, organizationId: string, now: string): Promise<PendingInvite[]> {
  const { pk, skPrefix } = keys.pendingInvitesOfOrganization(organizationId);
  const spec = { partition: pk, sortKey: { beginsWith: skPrefix }, consistent: true };
  const invites = await queryAll(db, spec, (item) => PendingInviteSchema.parse(strip(item)));
  return invites.filter((invite) => invite.validUntil > now).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
