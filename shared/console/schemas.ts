import * as z from 'zod';
import { ROLES } from '#shared/console/roles.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '#shared/routing/schemas.ts';

/** The console's requests and responses (routes under `/api/console`, served to the console's own pages). */

const B64URL = /^[A-Za-z0-9_-]{1,16384}$/;
const base64url = (description: string) =>
  z.string().regex(B64URL, { error: 'Must be base64url' }).meta({ description });

const TOKEN = z
  .string()
  .regex(/^[0-9A-Za-z]{43}$/, { error: 'Invalid invite token' })
  .meta({
    description: 'The token of the invite link (after `#/invite/`)',
    examples: ['3kT9vQ0ZpX7bN2mLrC8dF1gH5jK4sW6yA0eU9iO3pQr'],
  });

const NAME = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .meta({ description: 'How the member is shown to the others', examples: ['Ada Lovelace'] });
const CHALLENGE_ID = z.uuid().meta({
  description: 'The challenge the options were made for (single use, valid 5 minutes)',
  examples: ['9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b'],
});

const Extensions = z
  .record(z.string(), z.unknown())
  .optional()
  .meta({ description: 'The client extension results, as the browser returns them' });

/** `@simplewebauthn/browser`'s `startRegistration()` result. */
export const RegistrationResponseSchema = z
  .object({
    id: base64url('The new credential id'),
    rawId: base64url('The new credential id (raw)'),
    type: z.literal('public-key').meta({ description: 'Always `public-key`' }),
    response: z
      .object({
        clientDataJSON: base64url('The client data the browser assembled'),
        attestationObject: base64url('The authenticator data and its (here: none) attestation'),
        transports: z
          .array(z.string().max(32))
          .max(8)
          .optional()
          .meta({ description: 'How the authenticator is reached' }),
      })
      .meta({ description: 'The authenticator attestation response' }),
    clientExtensionResults: Extensions,
    authenticatorAttachment: z
      .enum(['platform', 'cross-platform'])
      .optional()
      .meta({ description: 'Where the authenticator is' }),
  })
  .meta({ description: 'The passkey created by the browser (`@simplewebauthn/browser` `startRegistration`)' });

/** `@simplewebauthn/browser`'s `startAuthentication()` result. */
export const AuthenticationResponseSchema = z
  .object({
    id: base64url('The credential id of the passkey used'),
    rawId: base64url('The credential id (raw)'),
    type: z.literal('public-key').meta({ description: 'Always `public-key`' }),
    response: z
      .object({
        clientDataJSON: base64url('The client data the browser assembled (it carries the challenge and origin)'),
        authenticatorData: base64url('The authenticator data (rp id hash, flags, counter)'),
        signature: base64url('The signature over the authenticator data and the client data hash'),
        userHandle: base64url('The member the passkey was made for').optional(),
      })
      .meta({ description: 'The authenticator assertion response' }),
    clientExtensionResults: Extensions,
    authenticatorAttachment: z
      .enum(['platform', 'cross-platform'])
      .optional()
      .meta({ description: 'Where the authenticator is' }),
  })
  .meta({ description: 'The assertion made by the browser (`@simplewebauthn/browser` `startAuthentication`)' });

export const StartRegistrationBody = z
  .strictObject({ token: TOKEN, name: NAME })
  .meta({ id: 'ConsoleStartRegistrationRequest' });

export const AcceptInviteBody = z
  .strictObject({ token: TOKEN, name: NAME, challengeId: CHALLENGE_ID, response: RegistrationResponseSchema })
  .meta({ id: 'ConsoleAcceptInviteRequest' });

export const SignInBody = z
  .strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema })
  .meta({ id: 'ConsoleSignInRequest' });

export const SignWithdrawalBody = z
  .strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema })
  .meta({ id: 'ConsoleSignWithdrawalRequest' });

export const RejectWithdrawalBody = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .meta({ description: 'Why the withdrawal is rejected (audited)', examples: ['Unknown beneficiary'] }),
  })
  .meta({ id: 'ConsoleRejectWithdrawalRequest' });

export const InviteMemberBody = z
  .strictObject({
    email: z
      .email()
      .max(254)
      .meta({ description: 'Where the invite link is mailed', examples: ['grace@example.com'] }),
    role: z
      .enum(ROLES)
      .meta({ description: 'The role the member gets (admins cannot invite owners)', examples: ['approver'] }),
  })
  .meta({ id: 'ConsoleInviteMemberRequest' });

export const TransactionIdParams = z.strictObject({
  transactionId: z.uuid().meta({ description: 'The withdrawal', examples: ['0d6f1c9a-3b2e-4f5a-8c7d-9e0f1a2b3c4d'] }),
});

export const AuditQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LIMIT, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })
    .optional()
    .transform((n) => n ?? DEFAULT_LIMIT)
    .meta({ description: `How many entries, newest first (default ${DEFAULT_LIMIT})` }),
  before: z.iso.datetime().optional().meta({ description: 'Only entries before this time (the next page)' }),
  action: z
    .string()
    .regex(/^[a-z_.]{1,64}$/, { error: 'Must be an action such as withdrawal.signed' })
    .optional()
    .meta({ description: 'Only this action (`withdrawal.signed`, `member.invited`, ...)' }),
});

// ---- responses ----

const Options = z.record(z.string(), z.unknown()).meta({
  description: 'WebAuthn options for `@simplewebauthn/browser` (`optionsJSON`)',
});

export const StartRegistrationSchema = z
  .object({
    challengeId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    options: Options,
  })
  .meta({ id: 'ConsoleRegistrationOptions' });

export const SignInOptionsSchema = z
  .object({ challengeId: z.string(), options: Options })
  .meta({ id: 'ConsoleSignInOptions' });

export const ConsoleSessionSchema = z
  .object({
    member: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES) }),
    organization: z.object({
      id: z.string(),
      name: z.string(),
      environment: z.enum(['sandbox', 'live']),
      requiredApprovals: z.number().int(),
    }),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'ConsoleSession' });

export const SignedOutSchema = z.object({ signedOut: z.literal(true) }).meta({ id: 'ConsoleSignedOut' });

export const MemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    status: z.enum(['ACTIVE', 'REMOVED']),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleMember' });

export const InviteSchema = z
  .object({ inviteId: z.string(), email: z.string(), role: z.enum(ROLES), validUntil: z.string() })
  .meta({ id: 'ConsoleInvite' });

const BindingSchema = z.object({
  transactionId: z.string(),
  amount: z.string(),
  currency: z.string(),
  beneficiary: z.string(),
  account: z.string(),
});

export const PendingWithdrawalSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    customerId: z.string(),
    status: z.string(),
    createdAt: z.string(),
    sourceAmount: z.string(),
    fee: z.string(),
    amount: z.string(),
    currency: z.string(),
    beneficiary: z.string(),
    account: z.string(),
    approvals: z.array(z.object({ approver: z.string(), approvedAt: z.string() })),
    requiredApprovals: z.number().int(),
  })
  .meta({ id: 'ConsolePendingWithdrawal' });

export const ApprovalOptionsSchema = z
  .object({ challengeId: z.string(), binding: BindingSchema, nonce: z.string(), options: Options })
  .meta({ id: 'ConsoleApprovalOptions' });

export const AuditEntrySchema = z
  .object({
    entryId: z.string(),
    at: z.string(),
    actor: z.object({ kind: z.enum(['member', 'operator']), id: z.string(), email: z.string() }),
    action: z.string(),
    target: z.string(),
    sourceAddress: z.string(),
    details: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ConsoleAuditEntry' });
