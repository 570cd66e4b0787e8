import { AuthenticationResponseSchema, RegistrationResponseSchema } from '#shared/console/common/passkey-schemas.ts';
import {
  AcceptInviteBody,
  ApiKeyIdParams,
  ApiKeySchema,
  ApprovalOptionsSchema,
  AuditEntrySchema,
  AuditQuery,
  ConsoleSessionSchema,
  InviteMemberBody,
  InviteSchema,
  MemberSchema,
  NewApiKeySchema,
  PendingWithdrawalSchema,
  RejectWithdrawalBody,
  SignedOutSchema,
  SignInBody,
  SignInOptionsSchema,
  SignWithdrawalBody,
  StartRegistrationBody,
  StartRegistrationSchema,
  TOKEN,
  TransactionIdParams,
} from '#shared/console/common/schemas.ts';
import {
  InviteIdParams,
  InvitePreviewSchema,
  PendingInviteViewSchema,
  PreviewInviteBody,
} from '#shared/console/identity/invite-view-schemas.ts';
import { ChangeSettingsBody, SettingsSchema } from '#shared/console/identity/settings-schemas.ts';
import { type DescribedSchema, schemaProse } from '#shared/routing/prose.ts';
import { DEFAULT_LIMIT } from '#shared/routing/schemas.ts';

const TX = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';
const CUSTOMER = '3b241101-e2bb-4255-8caf-4136c566a962';
const MEMBER = 'a7c3e9f1-2b4d-4c6e-8f0a-1b3c5d7e9f20';
const AT = '2026-11-21T10:00:00.000Z';

const CHALLENGE = '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b';

const INVITE_TOKEN = '3kT9vQ0ZpX7bN2mLrC8dF1gH5jK4sW6yA0eU9iO3pQr';

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

const API_KEY_EXAMPLE = {
  id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
  hint: 'sk_sandbox_…x9Qa',
  status: 'ACTIVE',
  createdAt: AT,
  createdBy: 'ada@example.com',
  lastUsedAt: '2026-11-21T10:05:00.000Z',
  revokedAt: null,
};

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

export const ASSERTION_EXAMPLE = {
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

/** The OpenAPI words of the console's access schemas (spread into `openapi-prose.ts`). */
export const accessSchemaProse: readonly DescribedSchema[] = [
  schemaProse(TOKEN, { description: 'The token of the invite link (after `#/invite/`)', examples: [INVITE_TOKEN] }),
  schemaProse(AcceptInviteBody, {
    id: 'ConsoleAcceptInviteRequest',
    examples: [{ token: INVITE_TOKEN, name: 'Ada Lovelace', challengeId: CHALLENGE, response: REGISTRATION_EXAMPLE }],
    shape: {
      name: { description: 'How the member is shown to the others', examples: ['Ada Lovelace'] },
      challengeId: {
        description: 'The challenge the options were made for (single use, valid 5 minutes)',
        examples: [CHALLENGE],
      },
    },
  }),
  schemaProse(StartRegistrationBody, {
    id: 'ConsoleStartRegistrationRequest',
    examples: [{ token: INVITE_TOKEN, name: 'Ada Lovelace' }],
  }),
  schemaProse(SignInBody, {
    id: 'ConsoleSignInRequest',
    examples: [{ challengeId: CHALLENGE, response: ASSERTION_EXAMPLE }],
  }),
  schemaProse(SignWithdrawalBody, {
    id: 'ConsoleSignWithdrawalRequest',
    examples: [{ challengeId: CHALLENGE, response: ASSERTION_EXAMPLE }],
  }),
  schemaProse(RejectWithdrawalBody, {
    id: 'ConsoleRejectWithdrawalRequest',
    examples: [{ reason: 'Unknown beneficiary' }],
    shape: { reason: { description: 'Why the withdrawal is rejected (audited)', examples: ['Unknown beneficiary'] } },
  }),
  schemaProse(InviteMemberBody, {
    id: 'ConsoleInviteMemberRequest',
    examples: [{ email: 'grace@example.com', role: 'approver' }],
    shape: {
      email: { description: 'Where the invite link is mailed', examples: ['grace@example.com'] },
      role: { description: 'The role the member gets (admins cannot invite owners)', examples: ['approver'] },
    },
  }),
  schemaProse(TransactionIdParams, { shape: { transactionId: { description: 'The withdrawal', examples: [TX] } } }),
  schemaProse(AuditQuery, {
    shape: {
      limit: { description: `How many entries, newest first (default ${DEFAULT_LIMIT})` },
      before: { description: 'Only entries before this time (the next page)' },
      action: { description: 'Only this action (`withdrawal.signed`, `member.invited`, ...)' },
      member: {
        description: "Only what this member did: the member's id or e-mail (the operator's e-mail for the operator's)",
      },
    },
  }),
  schemaProse(ApprovalOptionsSchema, {
    id: 'ConsoleApprovalOptions',
    examples: [
      {
        challengeId: CHALLENGE,
        binding: BINDING_EXAMPLE,
        nonce: 'Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG8hJ7kL6zX5c',
        options: OPTIONS_EXAMPLE,
      },
    ],
    shape: { options: { description: 'WebAuthn options for `@simplewebauthn/browser` (`optionsJSON`)' } },
  }),
  schemaProse(StartRegistrationSchema, {
    id: 'ConsoleRegistrationOptions',
    examples: [{ challengeId: CHALLENGE, email: 'ada@example.com', role: 'owner', options: OPTIONS_EXAMPLE }],
  }),
  schemaProse(SignInOptionsSchema, {
    id: 'ConsoleSignInOptions',
    examples: [{ challengeId: CHALLENGE, options: OPTIONS_EXAMPLE }],
  }),
  schemaProse(ConsoleSessionSchema, { id: 'ConsoleSession', examples: [SESSION_EXAMPLE] }),
  schemaProse(SignedOutSchema, { id: 'ConsoleSignedOut', examples: [{ signedOut: true }] }),
  schemaProse(MemberSchema, {
    id: 'ConsoleMember',
    examples: [{ ...SESSION_EXAMPLE?.member, status: 'ACTIVE', createdAt: AT }],
  }),
  schemaProse(InviteSchema, {
    id: 'ConsoleInvite',
    examples: [
      {
        inviteId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        email: 'grace@example.com',
        role: 'approver',
        validUntil: '2026-11-28T10:00:00.000Z',
      },
    ],
  }),
  schemaProse(PendingWithdrawalSchema, { id: 'ConsolePendingWithdrawal', examples: [PENDING_EXAMPLE] }),
  schemaProse(AuditEntrySchema, {
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
  }),
  schemaProse(ApiKeySchema, {
    id: 'ConsoleApiKey',
    examples: [API_KEY_EXAMPLE],
    shape: { lastUsedAt: { description: 'When the key last authenticated a request, to the minute; null if never' } },
  }),
  schemaProse(NewApiKeySchema, {
    id: 'ConsoleNewApiKey',
    examples: [
      {
        ...API_KEY_EXAMPLE,
        lastUsedAt: null,
        apiKey: 'sk_sandbox_1f0e2d3c4b5a496887765a4b3c2d1e0fQ2w3E4r5T6y7U8i9O0pA1sD2fG3hJ4kL5zX6cV7bN8mx9Qa',
      },
    ],
  }),
  schemaProse(ApiKeyIdParams, {
    shape: { apiKeyId: { description: 'The key (its id, never the key)', examples: [API_KEY_EXAMPLE?.id] } },
  }),
  schemaProse(AuthenticationResponseSchema, {
    description: 'The assertion made by the browser (`@simplewebauthn/browser` `startAuthentication`)',
    examples: [ASSERTION_EXAMPLE],
    shape: {
      clientExtensionResults: { description: 'The client extension results, as the browser returns them' },
      id: { description: 'The credential id of the passkey used' },
      rawId: { description: 'The credential id (raw)' },
      response: {
        description: 'The authenticator assertion response',
        shape: {
          clientDataJSON: {
            description: 'The client data the browser assembled (it carries the challenge and origin)',
          },
          authenticatorData: { description: 'The authenticator data (rp id hash, flags, counter)' },
          signature: { description: 'The signature over the authenticator data and the client data hash' },
          userHandle: { innerType: { description: 'The member the passkey was made for' } },
        },
      },
      type: { description: 'Always `public-key`' },
      authenticatorAttachment: { description: 'Where the authenticator is' },
    },
  }),
  schemaProse(RegistrationResponseSchema, {
    description: 'The passkey created by the browser (`@simplewebauthn/browser` `startRegistration`)',
    examples: [REGISTRATION_EXAMPLE],
    shape: {
      id: { description: 'The new credential id' },
      rawId: { description: 'The new credential id (raw)' },
      response: {
        description: 'The authenticator attestation response',
        shape: {
          clientDataJSON: { description: 'The client data the browser assembled' },
          attestationObject: { description: 'The authenticator data and its (here: none) attestation' },
          transports: { description: 'How the authenticator is reached' },
        },
      },
      type: { description: 'Always `public-key`' },
      authenticatorAttachment: { description: 'Where the authenticator is' },
    },
  }),
  schemaProse(SettingsSchema, {
    id: 'ConsoleSettings',
    examples: [
      {
        organizationId: '5f0c2b1e-8a47-4c59-9d3e-2a6b7c8d9e0f',
        name: 'Acme Payroll',
        environment: 'sandbox',
        features: { customers: true, apiWithdrawals: true },
        requiredApprovals: 2,
        withdrawalAllowance: {
          enabled: true,
          allowance: {
            limit: '5000.00',
            spent: '250.00',
            available: '4750.00',
            resetPeriodMinutes: 1440,
            nextResetAt: '2026-11-22T00:00:00.000Z',
          },
        },
        fees: { feeBps: 50, minFee: '1.00', fxSpreadBps: 0 },
        payeeVerification: { whenNotPossible: 'confirm', source: 'deployment' },
        updatedAt: '2026-11-21T09:00:00.000Z',
      },
    ],
    shape: {
      requiredApprovals: {
        description: 'Distinct members who must sign a withdrawal over the allowance or the balance',
      },
      // The allowance's component, with what it means here.
      withdrawalAllowance: {
        id: 'WithdrawalAllowance',
        description: 'What API withdrawals may spend per period without signatures, and what is spent of it now',
      },
      fees: {
        shape: { fxSpreadBps: { description: "Basis points taken off the ECB's EUR rate (live organizations)" } },
      },
      payeeVerification: {
        description:
          "What a new bank whose payee's bank cannot answer the name check (NOT_POSSIBLE) does: `confirm` waits for a member in Banks to confirm, `proceed` goes on as a match",
      },
    },
  }),
  schemaProse(ChangeSettingsBody, {
    id: 'ConsoleSettingsChange',
    examples: [{ requiredApprovals: 2 }, { allowance: { limit: '5000.00', resetPeriodMinutes: 1440 } }],
    shape: {
      requiredApprovals: {
        description: 'Signatures a withdrawal over the allowance or the balance needs (1-10); applies to new ones',
      },
      allowance: {
        description:
          'The API withdrawal allowance: what is spent in the current period stays spent (a new limit below it ' +
          'leaves nothing available until the next reset)',
      },
      features: {
        description: 'The features an owner may switch: only `apiWithdrawals`, and only off',
        innerType: {
          shape: {
            apiWithdrawals: {
              description:
                "false stops withdrawals by API key at once (a kill switch); turning it on again is the operator's",
            },
          },
        },
      },
    },
  }),
  schemaProse(PreviewInviteBody, { id: 'ConsolePreviewInviteRequest', examples: [{ token: INVITE_TOKEN }] }),
  schemaProse(InvitePreviewSchema, {
    id: 'ConsoleInvitePreview',
    examples: [
      {
        organizationName: 'Acme Payroll',
        email: 'grace@example.com',
        role: 'approver',
        validUntil: '2026-11-28T10:00:00.000Z',
      },
    ],
  }),
  schemaProse(InviteIdParams, { shape: { inviteId: { description: 'The invite (its id, never its token)' } } }),
  schemaProse(PendingInviteViewSchema, {
    id: 'ConsolePendingInvite',
    examples: [
      {
        inviteId: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        email: 'grace@example.com',
        role: 'approver',
        invitedBy: 'ada@example.com',
        createdAt: '2026-11-21T10:00:00.000Z',
        validUntil: '2026-11-28T10:00:00.000Z',
      },
    ],
  }),
];
