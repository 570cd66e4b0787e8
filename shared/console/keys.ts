import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/** Console sessions: the API routes a session may call update and delete these alone (shared/db/access.ts). */
export const SESSION_KEY_PREFIX = 'SESSION#';

/** The organization console. Secrets (invite and session tokens) appear only hashed. */
export const consoleKeys = {
  member: (organizationId: string, memberId: string): Key => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    sk: `MEMBER#${memberId}`,
  }),
  membersOfOrganization: (organizationId: string) => ({ pk: `ORG#${organizationId}#MEMBERS`, skPrefix: 'MEMBER#' }),
  memberEmail: (organizationId: string, emailHash: string): Key => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    sk: `EMAIL#${emailHash}`,
  }),
  invite: (tokenHash: string): Key => ({ pk: `INVITE#${tokenHash}`, sk: 'INVITE' }),
  /** Beside the members: an organization's pending invites, by invite id. */
  pendingInvite: (organizationId: string, inviteId: string): Key => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    sk: `PENDINGINVITE#${inviteId}`,
  }),
  pendingInvitesOfOrganization: (organizationId: string) => ({
    pk: `ORG#${organizationId}#MEMBERS`,
    skPrefix: 'PENDINGINVITE#',
  }),
  passkey: (credentialId: string): Key => ({ pk: `PASSKEY#${credentialId}`, sk: 'PASSKEY' }),
  challenge: (challengeId: string): Key => ({ pk: `CHALLENGE#${challengeId}`, sk: 'CHALLENGE' }),
  session: (tokenHash: string): Key => ({ pk: `${SESSION_KEY_PREFIX}${tokenHash}`, sk: 'SESSION' }),
  /** Beside the transaction's pointer, in the organization's partition of the transaction. */
  signature: (organizationId: string, transactionId: string, memberId: string, challengeId: string): Key => ({
    pk: `ORG#${organizationId}#TX#${transactionId}`,
    sk: `SIGNATURE#${memberId}#${challengeId}`,
  }),
  /** One batch signature: what it bound (every payout of it), beside which each payout keeps its own signature. */
  batchSignature: (organizationId: string, batchId: string, memberId: string, challengeId: string): Key => ({
    pk: `ORG#${organizationId}#BATCHSIGNATURE#${batchId}`,
    sk: `SIGNATURE#${memberId}#${challengeId}`,
  }),
  signaturesOfTransaction: (organizationId: string, transactionId: string) => ({
    pk: `ORG#${organizationId}#TX#${transactionId}`,
    skPrefix: 'SIGNATURE#',
  }),
  auditEntry: (organizationId: string, at: string, entryId: string): Key => ({
    pk: `ORG#${organizationId}#AUDIT`,
    sk: `${at}#${entryId}`,
  }),
  auditLog: (organizationId: string) => ({ pk: `ORG#${organizationId}#AUDIT` }),
} as const;

export const CONSOLE_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#MEMBERS' },
  { pk: 'INVITE#' },
  { pk: 'PASSKEY#' },
  { pk: 'CHALLENGE#' },
  { pk: SESSION_KEY_PREFIX },
  { pk: 'ORG#{}#TX#{}', sk: 'SIGNATURE#' },
  { pk: 'ORG#{}#BATCHSIGNATURE#' },
  { pk: 'ORG#{}#AUDIT' },
];
