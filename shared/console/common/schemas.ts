import { AuthenticationResponseSchema, RegistrationResponseSchema } from '#shared/console/common/passkey-schemas.ts';
import { ROLES } from '#shared/console/common/roles.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '#shared/routing/schemas.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's requests and responses (routes under `/api/console`, served to the console's own pages). */

export const TOKEN = z.string().check(z.regex(/^[0-9A-Za-z]{43}$/, { error: 'Invalid invite token' }));

/** Shown to the other members beside what they approve: caller text, so no invisible character makes it another's. */
const NAME = text(100);
const CHALLENGE_ID = z.uuid();

export const StartRegistrationBody = z.strictObject({ token: TOKEN, name: NAME });

export const AcceptInviteBody = z.strictObject({
  token: TOKEN,
  name: NAME,
  challengeId: CHALLENGE_ID,
  response: RegistrationResponseSchema,
});

export const SignInBody = z.strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema });

export const SignWithdrawalBody = z.strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema });

export const RejectWithdrawalBody = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
});

export const InviteMemberBody = z.strictObject({
  email: z.email().check(z.maxLength(254)),
  role: z.enum(ROLES),
});

export const TransactionIdParams = z.strictObject({
  transactionId: z.uuid(),
});

export const AuditQuery = z.strictObject({
  limit: z.pipe(
    z.optional(
      z
        .pipe(
          z.string().check(z.regex(/^\d{1,3}$/, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
          z.transform(Number),
        )
        .check(z.refine((n) => n >= 1 && n <= MAX_LIMIT, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
    ),
    z.transform((n) => n ?? DEFAULT_LIMIT),
  ),
  before: z.optional(z.iso.datetime()),
  action: z.optional(
    z.string().check(z.regex(/^[a-z_.]{1,64}$/, { error: 'Must be an action such as withdrawal.signed' })),
  ),
  member: z.optional(
    z.string().check(z.trim(), z.minLength(1, { error: "Must be a member's id or e-mail" }), z.maxLength(320)),
  ),
});

// ---- responses ----

const Options = z.record(z.string(), z.unknown());

export const StartRegistrationSchema = z.object({
  challengeId: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  options: Options,
});

export const SignInOptionsSchema = z.object({ challengeId: z.string(), options: Options });

export const ConsoleSessionSchema = z.object({
  member: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES) }),
  organization: z.object({
    id: z.string(),
    name: z.string(),
    environment: z.enum(['sandbox', 'live']),
    requiredApprovals: z.number().check(z.int()),
  }),
  permissions: z.array(z.string()),
});

export const SignedOutSchema = z.object({ signedOut: z.literal(true) });

export const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['ACTIVE', 'REMOVED']),
  createdAt: z.string(),
});

export const InviteSchema = z.object({
  inviteId: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  validUntil: z.string(),
});

const BindingSchema = z.object({
  transactionId: z.string(),
  amount: z.string(),
  currency: z.string(),
  beneficiary: z.string(),
  account: z.string(),
});

export const PendingWithdrawalSchema = z.object({
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
  requiredApprovals: z.number().check(z.int()),
});

export const ApprovalOptionsSchema = z.object({
  challengeId: z.string(),
  binding: BindingSchema,
  nonce: z.string(),
  options: Options,
});

export const AuditEntrySchema = z.object({
  entryId: z.string(),
  at: z.string(),
  actor: z.object({ kind: z.enum(['member', 'operator']), id: z.string(), email: z.string() }),
  action: z.string(),
  target: z.string(),
  sourceAddress: z.string(),
  details: z.record(z.string(), z.string()),
});

export const ApiKeySchema = z.object({
  id: z.string(),
  hint: z.string(),
  status: z.enum(['ACTIVE', 'REVOKED']),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});

export const NewApiKeySchema = z.extend(ApiKeySchema, { apiKey: z.string() });

export const ApiKeyIdParams = z.strictObject({
  apiKeyId: z.uuid(),
});
