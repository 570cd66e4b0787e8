import { RoleSchema } from '#shared/console/common/roles.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the console area: parsed on every read (see `repository.ts`). */

export const MemberSchema = z.object({
  memberId: z.string(),
  organizationId: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  status: z.enum(['ACTIVE', 'REMOVED']),
  /** Raised by "sign out everywhere": a session of an older epoch is refused. */
  sessionEpoch: z.number().check(z.int(), z.gte(0)),
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const InviteSchema = z.object({
  inviteId: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: RoleSchema,
  /** Only this hash of the token is stored; the token itself is in the link and nowhere else. */
  tokenHash: z.string(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED']),
  invitedBy: z.string(),
  createdAt: z.string(),
  validUntil: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;

/**
 * An organization's pending invite, listed beside its members: the invite is found by its token's hash alone, so
 * the organization keeps this entry (written with the invite, removed when it is accepted or revoked, expiring with
 * it) to list, resend and revoke its invites.
 */
export const PendingInviteSchema = z.object({
  inviteId: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: RoleSchema,
  tokenHash: z.string(),
  invitedBy: z.string(),
  createdAt: z.string(),
  validUntil: z.string(),
});
export type PendingInvite = z.infer<typeof PendingInviteSchema>;

export const PasskeySchema = z.object({
  credentialId: z.string(),
  organizationId: z.string(),
  memberId: z.string(),
  /** The COSE public key, base64url. */
  publicKey: z.string(),
  counter: z.number().check(z.int(), z.gte(0)),
  transports: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const ApprovalBindingSchema = z.object({
  transactionId: z.string(),
  amount: z.string(),
  currency: z.string(),
  beneficiary: z.string(),
  account: z.string(),
});
/** What a signer sees and signs: the challenge is a hash of these and a nonce (see `approval-binding.ts`). */
export type ApprovalBinding = z.infer<typeof ApprovalBindingSchema>;

/** What a member signs to approve a withdrawal batch: its id and each payout it approves, with its customer. */
export const BatchBindingSchema = z.object({
  batchId: z.string(),
  items: z.array(z.extend(ApprovalBindingSchema, { customerId: z.string() })),
});
export type BatchBinding = z.infer<typeof BatchBindingSchema>;

/** What a member sees and signs to confirm or reject a bank Verification of Payee held (`payee-decision-rules.ts`). */
export const PayeeBindingSchema = z.object({
  bankId: z.string(),
  customerId: z.string(),
  beneficiary: z.string(),
  account: z.string(),
  result: z.string(),
  /** The name the payee's bank holds ('' when it gave none). */
  matchedName: z.string(),
  decision: z.enum(['CONFIRM', 'REJECT']),
  reason: z.string(),
});
export type PayeeBinding = z.infer<typeof PayeeBindingSchema>;

export const ChallengeSchema = z.object({
  challengeId: z.string(),
  purpose: z.enum(['register', 'signIn', 'approve', 'approveBatch', 'decidePayee']),
  /** The base64url challenge handed to the authenticator. */
  challenge: z.string(),
  /** register: the invite's token hash; approve: the member and the transaction. */
  inviteTokenHash: z.optional(z.string()),
  organizationId: z.optional(z.string()),
  memberId: z.optional(z.string()),
  nonce: z.optional(z.string()),
  binding: z.optional(ApprovalBindingSchema),
  /** approveBatch: the batch and its payouts. */
  batchBinding: z.optional(BatchBindingSchema),
  /** decidePayee: the bank and the decision. */
  payeeBinding: z.optional(PayeeBindingSchema),
  validUntil: z.string(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const SessionSchema = z.object({
  sessionId: z.string(),
  organizationId: z.string(),
  memberId: z.string(),
  sessionEpoch: z.number().check(z.int(), z.gte(0)),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  idleUntil: z.string(),
  absoluteUntil: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SignatureSchema = z.object({
  organizationId: z.string(),
  transactionId: z.string(),
  memberId: z.string(),
  email: z.string(),
  credentialId: z.string(),
  challengeId: z.string(),
  nonce: z.string(),
  binding: ApprovalBindingSchema,
  /** The assertion as the authenticator produced it, base64url: enough to verify it again with the passkey. */
  authenticatorData: z.string(),
  clientDataJSON: z.string(),
  signature: z.string(),
  userHandle: z.nullable(z.string()),
  signedAt: z.string(),
  /** Signed as part of this batch: the challenge covers the batch's payouts (`BatchSignatureSchema`), not this one alone. */
  batchId: z.optional(z.string()),
});
export type Signature = z.infer<typeof SignatureSchema>;

/** A member's one signature of a withdrawal batch: the assertion over the batch's binding. */
export const BatchSignatureSchema = z.extend(
  z.omit(SignatureSchema, { transactionId: true, binding: true, batchId: true }),
  {
    batchId: z.string(),
    batchBinding: BatchBindingSchema,
  },
);
export type BatchSignature = z.infer<typeof BatchSignatureSchema>;

export const AuditActorSchema = z.object({
  kind: z.enum(['member', 'operator']),
  /** The member's id, or the operator's e-mail. */
  id: z.string(),
  email: z.string(),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditEntrySchema = z.object({
  entryId: z.string(),
  organizationId: z.string(),
  at: z.string(),
  actor: AuditActorSchema,
  action: z.string(),
  /** What the action was about: a transaction id, an invited e-mail, a key id, ... */
  target: z.string(),
  sourceAddress: z.string(),
  details: z.record(z.string(), z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
