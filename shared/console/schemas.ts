import { ROLES } from '#shared/console/roles.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's requests and responses (routes under `/api/console`, served to the console's own pages). */

const TX = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';
const CUSTOMER = '3b241101-e2bb-4255-8caf-4136c566a962';
const CHALLENGE = '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b';
const MEMBER = 'a7c3e9f1-2b4d-4c6e-8f0a-1b3c5d7e9f20';
const AT = '2026-11-21T10:00:00.000Z';
const INVITE_TOKEN = '3kT9vQ0ZpX7bN2mLrC8dF1gH5jK4sW6yA0eU9iO3pQr';
const CREDENTIAL = 'p8Q1x0kLzW3mR7tY2vB5nC9dF4gH6jK1';
const REGISTRATION_EXAMPLE = {
  id: CREDENTIAL,
  rawId: CREDENTIAL,
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YQ',
  },
  clientExtensionResults: {},
};
const ASSERTION_EXAMPLE = {
  id: CREDENTIAL,
  rawId: CREDENTIAL,
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    signature: 'MEUCIQDs0Vn7x2b3k4c5d6e7f8g9h0i1j2k3l4m5n6o7p8q9r0',
    userHandle: 'YTdjM2U5ZjE',
  },
  clientExtensionResults: {},
};
const SESSION_EXAMPLE = {
  member: { id: MEMBER, email: 'ada@example.com', name: 'Ada Lovelace', role: 'owner' },
  organization: {
    id: '1f0e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
    name: 'Acme Payouts',
    environment: 'sandbox',
    requiredApprovals: 2,
  },
  permissions: ['read', 'approve', 'manageKeys', 'manageWebhooks', 'invite', 'settings', 'audit'],
};
const BINDING_EXAMPLE = {
  transactionId: TX,
  amount: '91.08',
  currency: 'EUR',
  beneficiary: 'Ada Lovelace',
  account: 'DE89370400440532013000',
};
const PENDING_EXAMPLE = {
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
};
const OPTIONS_EXAMPLE = {
  challenge: 'q2Jk7vX0aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX',
  rpId: 'localhost',
  userVerification: 'required',
};

const B64URL = /^[A-Za-z0-9_-]{1,16384}$/;
const base64url = (description: string) =>
  z.string().check(z.regex(B64URL, { error: 'Must be base64url' }), z.meta({ description }));

const TOKEN = z.string().check(
  z.regex(/^[0-9A-Za-z]{43}$/, { error: 'Invalid invite token' }),
  z.meta({
    description: 'The token of the invite link (after `#/invite/`)',
    ...(OPENAPI_PROSE && { examples: [INVITE_TOKEN] }),
  }),
);

const NAME = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(100),
    z.meta({
      description: 'How the member is shown to the others',
      ...(OPENAPI_PROSE && { examples: ['Ada Lovelace'] }),
    }),
  );
const CHALLENGE_ID = z.uuid().check(
  z.meta({
    description: 'The challenge the options were made for (single use, valid 5 minutes)',
    ...(OPENAPI_PROSE && { examples: [CHALLENGE] }),
  }),
);

const Extensions = z
  .optional(z.record(z.string(), z.unknown()))
  .check(z.meta({ description: 'The client extension results, as the browser returns them' }));

/** `@simplewebauthn/browser`'s `startRegistration()` result. */
export const RegistrationResponseSchema = z
  .object({
    id: base64url('The new credential id'),
    rawId: base64url('The new credential id (raw)'),
    type: z.literal('public-key').check(z.meta({ description: 'Always `public-key`' })),
    response: z
      .object({
        clientDataJSON: base64url('The client data the browser assembled'),
        attestationObject: base64url('The authenticator data and its (here: none) attestation'),
        transports: z
          .optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8)))
          .check(z.meta({ description: 'How the authenticator is reached' })),
      })
      .check(z.meta({ description: 'The authenticator attestation response' })),
    clientExtensionResults: Extensions,
    authenticatorAttachment: z
      .optional(z.enum(['platform', 'cross-platform']))
      .check(z.meta({ description: 'Where the authenticator is' })),
  })
  .check(
    z.meta({
      description: 'The passkey created by the browser (`@simplewebauthn/browser` `startRegistration`)',
      ...(OPENAPI_PROSE && { examples: [REGISTRATION_EXAMPLE] }),
    }),
  );

/** `@simplewebauthn/browser`'s `startAuthentication()` result. */
export const AuthenticationResponseSchema = z
  .object({
    id: base64url('The credential id of the passkey used'),
    rawId: base64url('The credential id (raw)'),
    type: z.literal('public-key').check(z.meta({ description: 'Always `public-key`' })),
    response: z
      .object({
        clientDataJSON: base64url('The client data the browser assembled (it carries the challenge and origin)'),
        authenticatorData: base64url('The authenticator data (rp id hash, flags, counter)'),
        signature: base64url('The signature over the authenticator data and the client data hash'),
        userHandle: z.optional(base64url('The member the passkey was made for')),
      })
      .check(z.meta({ description: 'The authenticator assertion response' })),
    clientExtensionResults: Extensions,
    authenticatorAttachment: z
      .optional(z.enum(['platform', 'cross-platform']))
      .check(z.meta({ description: 'Where the authenticator is' })),
  })
  .check(
    z.meta({
      description: 'The assertion made by the browser (`@simplewebauthn/browser` `startAuthentication`)',
      ...(OPENAPI_PROSE && { examples: [ASSERTION_EXAMPLE] }),
    }),
  );

export const StartRegistrationBody = z
  .strictObject({ token: TOKEN, name: NAME })
  .check(
    z.meta({
      id: 'ConsoleStartRegistrationRequest',
      ...(OPENAPI_PROSE && { examples: [{ token: INVITE_TOKEN, name: 'Ada Lovelace' }] }),
    }),
  );

export const AcceptInviteBody = z
  .strictObject({ token: TOKEN, name: NAME, challengeId: CHALLENGE_ID, response: RegistrationResponseSchema })
  .check(
    z.meta({
      id: 'ConsoleAcceptInviteRequest',
      ...(OPENAPI_PROSE && {
        examples: [
          { token: INVITE_TOKEN, name: 'Ada Lovelace', challengeId: CHALLENGE, response: REGISTRATION_EXAMPLE },
        ],
      }),
    }),
  );

export const SignInBody = z
  .strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema })
  .check(
    z.meta({
      id: 'ConsoleSignInRequest',
      ...(OPENAPI_PROSE && { examples: [{ challengeId: CHALLENGE, response: ASSERTION_EXAMPLE }] }),
    }),
  );

export const SignWithdrawalBody = z
  .strictObject({ challengeId: CHALLENGE_ID, response: AuthenticationResponseSchema })
  .check(
    z.meta({
      id: 'ConsoleSignWithdrawalRequest',
      ...(OPENAPI_PROSE && { examples: [{ challengeId: CHALLENGE, response: ASSERTION_EXAMPLE }] }),
    }),
  );

export const RejectWithdrawalBody = z
  .strictObject({
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(500),
        z.meta({
          description: 'Why the withdrawal is rejected (audited)',
          ...(OPENAPI_PROSE && { examples: ['Unknown beneficiary'] }),
        }),
      ),
  })
  .check(
    z.meta({
      id: 'ConsoleRejectWithdrawalRequest',
      ...(OPENAPI_PROSE && { examples: [{ reason: 'Unknown beneficiary' }] }),
    }),
  );

export const InviteMemberBody = z
  .strictObject({
    email: z
      .email()
      .check(
        z.maxLength(254),
        z.meta({
          description: 'Where the invite link is mailed',
          ...(OPENAPI_PROSE && { examples: ['grace@example.com'] }),
        }),
      ),
    role: z
      .enum(ROLES)
      .check(
        z.meta({
          description: 'The role the member gets (admins cannot invite owners)',
          ...(OPENAPI_PROSE && { examples: ['approver'] }),
        }),
      ),
  })
  .check(
    z.meta({
      id: 'ConsoleInviteMemberRequest',
      ...(OPENAPI_PROSE && { examples: [{ email: 'grace@example.com', role: 'approver' }] }),
    }),
  );

export const TransactionIdParams = z.strictObject({
  transactionId: z.uuid().check(z.meta({ description: 'The withdrawal', ...(OPENAPI_PROSE && { examples: [TX] }) })),
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
    .check(z.meta({ description: `How many entries, newest first (default ${DEFAULT_LIMIT})` })),
  before: z.optional(z.iso.datetime()).check(z.meta({ description: 'Only entries before this time (the next page)' })),
  action: z
    .optional(z.string().check(z.regex(/^[a-z_.]{1,64}$/, { error: 'Must be an action such as withdrawal.signed' })))
    .check(z.meta({ description: 'Only this action (`withdrawal.signed`, `member.invited`, ...)' })),
  member: z
    .optional(
      z.string().check(z.trim(), z.minLength(1, { error: "Must be a member's id or e-mail" }), z.maxLength(320)),
    )
    .check(
      z.meta({
        description: "Only what this member did: the member's id or e-mail (the operator's e-mail for the operator's)",
      }),
    ),
});

// ---- responses ----

const Options = z.record(z.string(), z.unknown()).check(
  z.meta({
    description: 'WebAuthn options for `@simplewebauthn/browser` (`optionsJSON`)',
  }),
);

export const StartRegistrationSchema = z
  .object({
    challengeId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    options: Options,
  })
  .check(
    z.meta({
      id: 'ConsoleRegistrationOptions',
      ...(OPENAPI_PROSE && {
        examples: [{ challengeId: CHALLENGE, email: 'ada@example.com', role: 'owner', options: OPTIONS_EXAMPLE }],
      }),
    }),
  );

export const SignInOptionsSchema = z
  .object({ challengeId: z.string(), options: Options })
  .check(
    z.meta({
      id: 'ConsoleSignInOptions',
      ...(OPENAPI_PROSE && { examples: [{ challengeId: CHALLENGE, options: OPTIONS_EXAMPLE }] }),
    }),
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
  .check(z.meta({ id: 'ConsoleSession', ...(OPENAPI_PROSE && { examples: [SESSION_EXAMPLE] }) }));

export const SignedOutSchema = z
  .object({ signedOut: z.literal(true) })
  .check(z.meta({ id: 'ConsoleSignedOut', ...(OPENAPI_PROSE && { examples: [{ signedOut: true }] }) }));

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
    z.meta({
      id: 'ConsoleMember',
      ...(OPENAPI_PROSE && { examples: [{ ...SESSION_EXAMPLE.member, status: 'ACTIVE', createdAt: AT }] }),
    }),
  );

export const InviteSchema = z
  .object({ inviteId: z.string(), email: z.string(), role: z.enum(ROLES), validUntil: z.string() })
  .check(
    z.meta({
      id: 'ConsoleInvite',
      ...(OPENAPI_PROSE && {
        examples: [
          {
            inviteId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
            email: 'grace@example.com',
            role: 'approver',
            validUntil: '2026-11-28T10:00:00.000Z',
          },
        ],
      }),
    }),
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
  .check(z.meta({ id: 'ConsolePendingWithdrawal', ...(OPENAPI_PROSE && { examples: [PENDING_EXAMPLE] }) }));

export const ApprovalOptionsSchema = z
  .object({ challengeId: z.string(), binding: BindingSchema, nonce: z.string(), options: Options })
  .check(
    z.meta({
      id: 'ConsoleApprovalOptions',
      ...(OPENAPI_PROSE && {
        examples: [
          {
            challengeId: CHALLENGE,
            binding: BINDING_EXAMPLE,
            nonce: 'Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG8hJ7kL6zX5c',
            options: OPTIONS_EXAMPLE,
          },
        ],
      }),
    }),
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
    z.meta({
      id: 'ConsoleAuditEntry',
      ...(OPENAPI_PROSE && {
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
      }),
    }),
  );

const API_KEY_EXAMPLE = {
  id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
  hint: 'sk_sandbox_…x9Qa',
  status: 'ACTIVE',
  createdAt: AT,
  createdBy: 'ada@example.com',
  lastUsedAt: '2026-11-21T10:05:00.000Z',
  revokedAt: null,
};

export const ApiKeySchema = z
  .object({
    id: z.string(),
    hint: z.string(),
    status: z.enum(['ACTIVE', 'REVOKED']),
    createdAt: z.string(),
    createdBy: z.nullable(z.string()),
    lastUsedAt: z
      .nullable(z.string())
      .check(z.meta({ description: 'When the key last authenticated a request, to the minute; null if never' })),
    revokedAt: z.nullable(z.string()),
  })
  .check(z.meta({ id: 'ConsoleApiKey', ...(OPENAPI_PROSE && { examples: [API_KEY_EXAMPLE] }) }));

export const NewApiKeySchema = z.extend(ApiKeySchema, { apiKey: z.string() }).check(
  z.meta({
    id: 'ConsoleNewApiKey',
    ...(OPENAPI_PROSE && {
      examples: [
        {
          ...API_KEY_EXAMPLE,
          lastUsedAt: null,
          apiKey: 'sk_sandbox_1f0e2d3c4b5a496887765a4b3c2d1e0fQ2w3E4r5T6y7U8i9O0pA1sD2fG3hJ4kL5zX6cV7bN8mx9Qa',
        },
      ],
    }),
  }),
);

export const ApiKeyIdParams = z.strictObject({
  apiKeyId: z
    .uuid()
    .check(
      z.meta({
        description: 'The key (its id, never the key)',
        ...(OPENAPI_PROSE && { examples: [API_KEY_EXAMPLE.id] }),
      }),
    ),
});
