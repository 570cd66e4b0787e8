import {
  ASSERTION_EXAMPLE,
  AuthenticationResponseSchema,
  REGISTRATION_EXAMPLE,
  RegistrationResponseSchema,
} from '#shared/console/passkey-schemas.ts';
import { ROLES } from '#shared/console/roles.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '#shared/routing/schemas.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's requests and responses (routes under `/api/console`, served to the console's own pages). */

const TX = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';
const CUSTOMER = '3b241101-e2bb-4255-8caf-4136c566a962';
const CHALLENGE = '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b';
const MEMBER = 'a7c3e9f1-2b4d-4c6e-8f0a-1b3c5d7e9f20';
const AT = '2026-11-21T10:00:00.000Z';
export const INVITE_TOKEN = '3kT9vQ0ZpX7bN2mLrC8dF1gH5jK4sW6yA0eU9iO3pQr';

/**
 * The examples are defined only where the document is built: esbuild keeps a constant that folded-out metadata names
 * (it reads the references before it folds), so they are folded where they are defined.
 */
const SESSION_EXAMPLE = OPENAPI_PROSE
  ? {
      member: { id: MEMBER, email: 'ada@example.com', name: 'Ada Lovelace', role: 'owner' },
      organization: {
        id: '1f0e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
        name: 'Acme Payouts',
        environment: 'sandbox',
        requiredApprovals: 2,
      },
      permissions: ['read', 'approve', 'manageKeys', 'manageWebhooks', 'invite', 'settings', 'audit'],
    }
  : undefined;
const BINDING_EXAMPLE = OPENAPI_PROSE
  ? {
      transactionId: TX,
      amount: '91.08',
      currency: 'EUR',
      beneficiary: 'Ada Lovelace',
      account: 'DE89370400440532013000',
    }
  : undefined;
const PENDING_EXAMPLE = OPENAPI_PROSE
  ? {
      id: TX,
      reference: 'WD-7K3M-9QX2',
      customerId: CUSTOMER,
      status: 'PARTIALLY_SIGNED',
      createdAt: AT,
      sourceAmount: '100.00',
      fee: '1.00',
      amount: '91.08',
      currency: 'EUR',
      beneficiary: 'Ada Lovelace',
      account: 'DE89370400440532013000',
      approvals: [{ approver: 'ada@example.com', approvedAt: AT }],
      requiredApprovals: 2,
    }
  : undefined;
const OPTIONS_EXAMPLE = OPENAPI_PROSE
  ? {
      challenge: 'q2Jk7vX0aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX',
      rpId: 'localhost',
      userVerification: 'required',
    }
  : undefined;

export const TOKEN = z.string().check(
  z.regex(/^[0-9A-Za-z]{43}$/, { error: 'Invalid invite token' }),
  docMeta(
    OPENAPI_PROSE && {
      description: 'The token of the invite link (after `#/invite/`)',
      examples: [INVITE_TOKEN],
    },
  ),
);

/** Shown to the other members beside what they approve: caller text, so no invisible character makes it another's. */
const NAME = text(100).check(
  docMeta(OPENAPI_PROSE && { description: 'How the member is shown to the others', examples: ['Ada Lovelace'] }),
);
const CHALLENGE_ID = z.uuid().check(
  docMeta(
    OPENAPI_PROSE && {
      description: 'The challenge the options were made for (single use, valid 5 minutes)',
      examples: [CHALLENGE],
    },
  ),
);

export const StartRegistrationBody = z.strictObject({ token: TOKEN, name: NAME }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'ConsoleStartRegistrationRequest',
      examples: [{ token: INVITE_TOKEN, name: 'Ada Lovelace' }],
    },
  ),
);

export const AcceptInviteBody = z
  .strictObject({ token: TOKEN, name: NAME, challengeId: CHALLENGE_ID, response: RegistrationResponseSchema })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleAcceptInviteRequest',
        examples: [
          { token: INVITE_TOKEN, name: 'Ada Lovelace', challengeId: CHALLENGE, response: REGISTRATION_EXAMPLE },
        ],
      },
    ),
  );

export const SignInBody = z.strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'ConsoleSignInRequest',
      examples: [{ challengeId: CHALLENGE, response: ASSERTION_EXAMPLE }],
    },
  ),
);

export const SignWithdrawalBody = z
  .strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleSignWithdrawalRequest',
        examples: [{ challengeId: CHALLENGE, response: ASSERTION_EXAMPLE }],
      },
    ),
  );

export const RejectWithdrawalBody = z
  .strictObject({
    reason: z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(500),
      docMeta(
        OPENAPI_PROSE && {
          description: 'Why the withdrawal is rejected (audited)',
          examples: ['Unknown beneficiary'],
        },
      ),
    ),
  })
  .check(
    docMeta(OPENAPI_PROSE && { id: 'ConsoleRejectWithdrawalRequest', examples: [{ reason: 'Unknown beneficiary' }] }),
  );

export const InviteMemberBody = z
  .strictObject({
    email: z
      .email()
      .check(
        z.maxLength(254),
        docMeta(OPENAPI_PROSE && { description: 'Where the invite link is mailed', examples: ['grace@example.com'] }),
      ),
    role: z.enum(ROLES).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'The role the member gets (admins cannot invite owners)',
          examples: ['approver'],
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleInviteMemberRequest',
        examples: [{ email: 'grace@example.com', role: 'approver' }],
      },
    ),
  );

export const TransactionIdParams = z.strictObject({
  transactionId: z.uuid().check(docMeta(OPENAPI_PROSE && { description: 'The withdrawal', examples: [TX] })),
});

export const AuditQuery = z.strictObject({
  limit: z
    .pipe(
      z.optional(
        z
          .pipe(
            z.string().check(z.regex(/^\d{1,3}$/, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
            z.transform(Number),
          )
          .check(z.refine((n) => n >= 1 && n <= MAX_LIMIT, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
      ),
      z.transform((n) => n ?? DEFAULT_LIMIT),
    )
    .check(docMeta(OPENAPI_PROSE && { description: `How many entries, newest first (default ${DEFAULT_LIMIT})` })),
  before: z
    .optional(z.iso.datetime())
    .check(docMeta(OPENAPI_PROSE && { description: 'Only entries before this time (the next page)' })),
  action: z
    .optional(z.string().check(z.regex(/^[a-z_.]{1,64}$/, { error: 'Must be an action such as withdrawal.signed' })))
    .check(docMeta(OPENAPI_PROSE && { description: 'Only this action (`withdrawal.signed`, `member.invited`, ...)' })),
  member: z
    .optional(
      z.string().check(z.trim(), z.minLength(1, { error: "Must be a member's id or e-mail" }), z.maxLength(320)),
    )
    .check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "Only what this member did: the member's id or e-mail (the operator's e-mail for the operator's)",
        },
      ),
    ),
});

// ---- responses ----

const Options = z.record(z.string(), z.unknown()).check(
  docMeta(
    OPENAPI_PROSE && {
      description: 'WebAuthn options for `@simplewebauthn/browser` (`optionsJSON`)',
    },
  ),
);

export const StartRegistrationSchema = z
  .object({
    challengeId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    options: Options,
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleRegistrationOptions',
        examples: [{ challengeId: CHALLENGE, email: 'ada@example.com', role: 'owner', options: OPTIONS_EXAMPLE }],
      },
    ),
  );

export const SignInOptionsSchema = z
  .object({ challengeId: z.string(), options: Options })
  .check(
    docMeta(
      OPENAPI_PROSE && { id: 'ConsoleSignInOptions', examples: [{ challengeId: CHALLENGE, options: OPTIONS_EXAMPLE }] },
    ),
  );

export const ConsoleSessionSchema = z
  .object({
    member: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(ROLES) }),
    organization: z.object({
      id: z.string(),
      name: z.string(),
      environment: z.enum(['sandbox', 'live']),
      requiredApprovals: z.number().check(z.int()),
    }),
    permissions: z.array(z.string()),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleSession', examples: [SESSION_EXAMPLE] }));

export const SignedOutSchema = z
  .object({ signedOut: z.literal(true) })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleSignedOut', examples: [{ signedOut: true }] }));

export const MemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    status: z.enum(['ACTIVE', 'REMOVED']),
    createdAt: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleMember',
        examples: [{ ...SESSION_EXAMPLE?.member, status: 'ACTIVE', createdAt: AT }],
      },
    ),
  );

export const InviteSchema = z
  .object({ inviteId: z.string(), email: z.string(), role: z.enum(ROLES), validUntil: z.string() })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleInvite',
        examples: [
          {
            inviteId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
            email: 'grace@example.com',
            role: 'approver',
            validUntil: '2026-11-28T10:00:00.000Z',
          },
        ],
      },
    ),
  );

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
    requiredApprovals: z.number().check(z.int()),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsolePendingWithdrawal', examples: [PENDING_EXAMPLE] }));

export const ApprovalOptionsSchema = z
  .object({ challengeId: z.string(), binding: BindingSchema, nonce: z.string(), options: Options })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleApprovalOptions',
        examples: [
          {
            challengeId: CHALLENGE,
            binding: BINDING_EXAMPLE,
            nonce: 'Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG8hJ7kL6zX5c',
            options: OPTIONS_EXAMPLE,
          },
        ],
      },
    ),
  );

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
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleAuditEntry',
        examples: [
          {
            entryId: 'e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b',
            at: AT,
            actor: { kind: 'member', id: MEMBER, email: 'ada@example.com' },
            action: 'withdrawal.signed',
            target: TX,
            sourceAddress: '203.0.113.7',
            details: { amount: '91.08', currency: 'EUR' },
          },
        ],
      },
    ),
  );

const API_KEY_EXAMPLE = OPENAPI_PROSE
  ? {
      id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
      hint: 'sk_sandbox_…x9Qa',
      status: 'ACTIVE',
      createdAt: AT,
      createdBy: 'ada@example.com',
      lastUsedAt: '2026-11-21T10:05:00.000Z',
      revokedAt: null,
    }
  : undefined;

export const ApiKeySchema = z
  .object({
    id: z.string(),
    hint: z.string(),
    status: z.enum(['ACTIVE', 'REVOKED']),
    createdAt: z.string(),
    createdBy: z.nullable(z.string()),
    lastUsedAt: z
      .nullable(z.string())
      .check(
        docMeta(
          OPENAPI_PROSE && { description: 'When the key last authenticated a request, to the minute; null if never' },
        ),
      ),
    revokedAt: z.nullable(z.string()),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleApiKey', examples: [API_KEY_EXAMPLE] }));

export const NewApiKeySchema = z.extend(ApiKeySchema, { apiKey: z.string() }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'ConsoleNewApiKey',
      examples: [
        {
          ...API_KEY_EXAMPLE,
          lastUsedAt: null,
          apiKey: 'sk_sandbox_1f0e2d3c4b5a496887765a4b3c2d1e0fQ2w3E4r5T6y7U8i9O0pA1sD2fG3hJ4kL5zX6cV7bN8mx9Qa',
        },
      ],
    },
  ),
);

export const ApiKeyIdParams = z.strictObject({
  apiKeyId: z
    .uuid()
    .check(
      docMeta(OPENAPI_PROSE && { description: 'The key (its id, never the key)', examples: [API_KEY_EXAMPLE?.id] }),
    ),
});
