import { PAYEE_CONFIRMATION_NOT_FOUND } from '#shared/banks/payee-rules.ts';
import { BankSchema } from '#shared/banks/schemas.ts';
import { ApprovalCardSchema } from '#shared/console/approval-view-schemas.ts';
import { batchApprovalRoutes } from '#shared/console/batch-approval-routes.ts';
import {
  ALREADY_MEMBER,
  API_KEY_NOT_FOUND,
  FEATURE_ON_IS_OPERATORS,
  INVITE_INVALID,
} from '#shared/console/console-rules.ts';
import { inviteRoutes } from '#shared/console/invite-routes.ts';
import { InvitePreviewSchema, PreviewInviteBody } from '#shared/console/invite-view-schemas.ts';
import {
  BankIdParams,
  PayeeConfirmationSchema,
  PayeeDecisionOptionsSchema,
  SignPayeeDecisionBody,
  StartPayeeDecisionBody,
} from '#shared/console/payee-decision-schemas.ts';
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
  TransactionIdParams,
} from '#shared/console/schemas.ts';
import { viewRoutes } from '#shared/console/view-routes.ts';
import { ChangeSettingsBody, CustomerOverviewSchema, SettingsSchema } from '#shared/console/view-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { TOO_MANY_REQUESTS, UNAUTHORIZED } from '#shared/errors.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';
import { ALREADY_SIGNED } from '#shared/transactions/lifecycle.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The console's rows of the route table (assembled in `#shared/routes.ts`). Each names the permission it needs
 * (shared/console/README.md has the table); a role without it gets 403, a change without the anti-CSRF proof 403.
 * Their summaries, like their descriptions, are the document's alone (`OPENAPI_PROSE`): the console's bundles
 * carry every row, and leaving out the text keeps each within its size target (test/README.md).
 */
const publicRoute = { auth: false, tag: 'Console', console: { permission: 'public' } } as const;
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;
/** What the approval rows refuse with: the transactions' rules. */
const approvalRefusals = [TRANSACTION_NOT_FOUND, ALREADY_SIGNED];

export const routes = {
  consolePreviewInvite: defineRoute({
    ...publicRoute,
    operationId: 'consolePreviewInvite',
    method: 'POST',
    path: '/api/console/invites/preview',
    handler: 'functions/api/console/preview-invite.ts',
    summary: OPENAPI_PROSE ? 'Accept an invite, step 0: the organization, address and role it is for' : '',
    successStatus: 200,
    access: { table: 'read' },
    request: { body: PreviewInviteBody },
    responses: { 200: InvitePreviewSchema },
    refusals: [INVITE_INVALID],
  }),
  consoleStartRegistration: defineRoute({
    ...publicRoute,
    operationId: 'consoleStartRegistration',
    method: 'POST',
    path: '/api/console/invites/registration',
    handler: 'functions/api/console/start-registration.ts',
    summary: OPENAPI_PROSE ? 'Accept an invite, step 1: the passkey creation options for the invited member' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: StartRegistrationBody },
    responses: { 200: StartRegistrationSchema },
    refusals: [INVITE_INVALID],
  }),
  consoleAcceptInvite: defineRoute({
    ...publicRoute,
    operationId: 'consoleAcceptInvite',
    method: 'POST',
    path: '/api/console/invites/accept',
    handler: 'functions/api/console/accept-invite.ts',
    summary: OPENAPI_PROSE
      ? 'Accept an invite, step 2: register the passkey, become a member, and open a session (cookie)'
      : '',
    successStatus: 201,
    access: readwrite,
    request: { body: AcceptInviteBody },
    responses: { 201: ConsoleSessionSchema },
    refusals: [UNAUTHORIZED, INVITE_INVALID, ALREADY_MEMBER],
  }),
  consoleStartSignIn: defineRoute({
    ...publicRoute,
    operationId: 'consoleStartSignIn',
    method: 'POST',
    path: '/api/console/sign-in/options',
    handler: 'functions/api/console/start-sign-in.ts',
    summary: OPENAPI_PROSE ? 'Sign in, step 1: passkey request options (rate limited per source address)' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignInOptionsSchema },
    refusals: [TOO_MANY_REQUESTS],
  }),
  consoleSignIn: defineRoute({
    ...publicRoute,
    operationId: 'consoleSignIn',
    method: 'POST',
    path: '/api/console/sign-in',
    handler: 'functions/api/console/sign-in.ts',
    summary: OPENAPI_PROSE ? "Sign in, step 2: the passkey's assertion opens a session (cookie)" : '',
    successStatus: 200,
    access: readwrite,
    request: { body: SignInBody },
    responses: { 200: ConsoleSessionSchema },
    refusals: [UNAUTHORIZED, TOO_MANY_REQUESTS],
  }),
  consoleGetSession: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleGetSession',
    method: 'GET',
    path: '/api/console/session',
    handler: 'functions/api/console/get-session.ts',
    summary: OPENAPI_PROSE ? 'The signed-in member, the organization and what the role allows' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    responses: { 200: ConsoleSessionSchema },
  }),
  consoleListMembers: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListMembers',
    method: 'GET',
    path: '/api/console/members',
    handler: 'functions/api/console/list-members.ts',
    summary: OPENAPI_PROSE ? "The organization's members, oldest first" : '',
    successStatus: 200,
    access: readwrite,
    responses: { 200: z.array(MemberSchema) },
  }),
  consoleInviteMember: defineRoute({
    ...sessionRoute,
    console: { permission: 'invite' },
    operationId: 'consoleInviteMember',
    method: 'POST',
    path: '/api/console/invites',
    handler: 'functions/api/console/invite-member.ts',
    summary: OPENAPI_PROSE ? 'Invite a member by e-mail (single-use link, valid 7 days)' : '',
    successStatus: 201,
    access: { table: 'readwrite', mail: true },
    request: { body: InviteMemberBody },
    responses: { 201: InviteSchema },
    refusals: [ALREADY_MEMBER],
  }),
  consoleListPendingWithdrawals: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListPendingWithdrawals',
    method: 'GET',
    path: '/api/console/approvals',
    handler: 'functions/api/console/list-pending-withdrawals.ts',
    summary: OPENAPI_PROSE
      ? 'Withdrawals awaiting signatures (PROPOSED, PARTIALLY_SIGNED): what is paid to whom, who signed'
      : '',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi2'] },
    responses: { 200: z.array(ApprovalCardSchema) },
  }),
  consoleStartApproval: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleStartApproval',
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/options',
    handler: 'functions/api/console/start-approval.ts',
    summary: OPENAPI_PROSE
      ? 'Sign a withdrawal, step 1: a challenge bound to its id, amount, currency, beneficiary and account'
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: NoBody },
    responses: { 200: ApprovalOptionsSchema },
    refusals: approvalRefusals,
  }),
  consoleSignWithdrawal: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleSignWithdrawal',
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/sign',
    handler: 'functions/api/console/sign-withdrawal.ts',
    summary: OPENAPI_PROSE
      ? "Sign a withdrawal, step 2: the passkey's signature over the challenge counts as one approval"
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: SignWithdrawalBody },
    responses: { 200: PendingWithdrawalSchema },
    refusals: approvalRefusals,
  }),
  consoleRejectWithdrawal: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleRejectWithdrawal',
    method: 'POST',
    path: '/api/console/approvals/{transactionId}/reject',
    handler: 'functions/api/console/reject-withdrawal.ts',
    summary: OPENAPI_PROSE ? 'Reject a withdrawal awaiting signatures, with a reason: it is CANCELLED' : '',
    successStatus: 200,
    access: readwrite,
    request: { params: TransactionIdParams, body: RejectWithdrawalBody },
    responses: { 200: PendingWithdrawalSchema },
    refusals: approvalRefusals,
  }),
  ...batchApprovalRoutes,
  // Verification of Payee (issue 26): banks held for a member's passkey-signed confirmation.
  consoleListPayeeConfirmations: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListPayeeConfirmations',
    method: 'GET',
    path: '/api/console/payee-confirmations',
    handler: 'functions/api/console/list-payee-confirmations.ts',
    summary: OPENAPI_PROSE
      ? 'Banks to confirm: banks Verification of Payee held (CLOSE_MATCH, NO_MATCH, NOT_POSSIBLE), oldest first'
      : '',
    successStatus: 200,
    access: { table: 'read' },
    responses: { 200: z.array(PayeeConfirmationSchema) },
  }),
  consoleStartPayeeDecision: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleStartPayeeDecision',
    method: 'POST',
    path: '/api/console/payee-confirmations/{bankId}/options',
    handler: 'functions/api/console/start-payee-decision.ts',
    summary: OPENAPI_PROSE
      ? 'Confirm or reject a bank, step 1: a challenge bound to the bank, the name, the check and the decision'
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: BankIdParams, body: StartPayeeDecisionBody },
    responses: { 200: PayeeDecisionOptionsSchema },
    refusals: [PAYEE_CONFIRMATION_NOT_FOUND],
  }),
  consoleSignPayeeDecision: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleSignPayeeDecision',
    method: 'POST',
    path: '/api/console/payee-confirmations/{bankId}/sign',
    handler: 'functions/api/console/sign-payee-decision.ts',
    summary: OPENAPI_PROSE
      ? "Confirm or reject a bank, step 2: the passkey's signature decides it (ACTIVE or REJECTED), audited"
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: BankIdParams, body: SignPayeeDecisionBody },
    responses: { 200: BankSchema },
    refusals: [UNAUTHORIZED, PAYEE_CONFIRMATION_NOT_FOUND],
  }),
  consoleListAuditLog: defineRoute({
    ...sessionRoute,
    console: { permission: 'audit' },
    operationId: 'consoleListAuditLog',
    method: 'GET',
    path: '/api/console/audit-log',
    handler: 'functions/api/console/list-audit-log.ts',
    summary: OPENAPI_PROSE ? 'The audit log: every console action and signature, newest first' : '',
    successStatus: 200,
    access: readwrite,
    request: { query: AuditQuery },
    responses: { 200: z.array(AuditEntrySchema) },
  }),
  consoleCreateApiKey: defineRoute({
    ...sessionRoute,
    console: { permission: 'manageKeys' },
    operationId: 'consoleCreateApiKey',
    method: 'POST',
    path: '/api/console/api-keys',
    handler: 'functions/api/console/create-api-key.ts',
    summary: OPENAPI_PROSE ? 'Create an API key of the organization (the key is shown only here)' : '',
    successStatus: 201,
    access: readwrite,
    request: { body: NoBody },
    responses: { 201: NewApiKeySchema },
  }),
  consoleListApiKeys: defineRoute({
    ...sessionRoute,
    console: { permission: 'manageKeys' },
    operationId: 'consoleListApiKeys',
    method: 'GET',
    path: '/api/console/api-keys',
    handler: 'functions/api/console/list-api-keys.ts',
    summary: OPENAPI_PROSE
      ? "The organization's API keys, newest first: hint, status, creator, times (never the key)"
      : '',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi1'] },
    responses: { 200: z.array(ApiKeySchema) },
  }),
  consoleRevokeApiKey: defineRoute({
    ...sessionRoute,
    console: { permission: 'manageKeys' },
    operationId: 'consoleRevokeApiKey',
    method: 'POST',
    path: '/api/console/api-keys/{apiKeyId}/revoke',
    handler: 'functions/api/console/revoke-api-key.ts',
    summary: OPENAPI_PROSE ? 'Revoke an API key at once' : '',
    successStatus: 200,
    access: readwrite,
    request: { params: ApiKeyIdParams, body: NoBody },
    responses: { 200: ApiKeySchema },
    refusals: [API_KEY_NOT_FOUND],
  }),
  consoleGetCustomerOverview: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    features: ['customers'],
    operationId: 'consoleGetCustomerOverview',
    method: 'GET',
    path: '/api/console/customers/{customerId}/overview',
    handler: 'functions/api/console/get-customer-overview.ts',
    summary: OPENAPI_PROSE
      ? "A customer's page: the customer and KYC, banks, wallets, USDC balance and first transactions"
      : '',
    description:
      OPENAPI_PROSE &&
      'Each part is what its `/api/v2` operation answers (get customer, list banks, list wallets, balance, list ' +
        'transactions), gathered in one call; further transactions through `GET /api/v2/customers/{customerId}/' +
        'transactions?cursor=<transactionsNextCursor>` with the session.',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { params: CustomerIdParams },
    responses: { 200: CustomerOverviewSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  ...viewRoutes,
  ...inviteRoutes,
  consoleGetSettings: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleGetSettings',
    method: 'GET',
    path: '/api/console/settings',
    handler: 'functions/api/console/get-settings.ts',
    summary: OPENAPI_PROSE
      ? "The organization's settings: features, signatures required, the API withdrawal allowance, fees"
      : '',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: SettingsSchema },
  }),
  consoleChangeSettings: defineRoute({
    ...sessionRoute,
    console: { permission: 'settings' },
    operationId: 'consoleChangeSettings',
    method: 'PATCH',
    path: '/api/console/settings',
    handler: 'functions/api/console/change-settings.ts',
    summary: OPENAPI_PROSE
      ? 'Change the signatures required, the API withdrawal allowance or switch API withdrawals off (owners)'
      : '',
    description:
      OPENAPI_PROSE &&
      'Only the fields sent change; each change is in the audit log (`settings.changed`, before and after). ' +
        "`requiredApprovals` applies to withdrawals proposed from now on. Turning a feature on is the operator's (403).",
    successStatus: 200,
    access: readwrite,
    request: { body: ChangeSettingsBody },
    responses: { 200: SettingsSchema },
    refusals: [FEATURE_ON_IS_OPERATORS],
  }),
  // Last: the generated suites call routes in this order, and these end the session they are called with.
  consoleSignOut: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleSignOut',
    method: 'POST',
    path: '/api/console/sign-out',
    handler: 'functions/api/console/sign-out.ts',
    summary: OPENAPI_PROSE ? 'End this session' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignedOutSchema },
  }),
  consoleSignOutEverywhere: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleSignOutEverywhere',
    method: 'POST',
    path: '/api/console/sign-out-everywhere',
    handler: 'functions/api/console/sign-out-everywhere.ts',
    summary: OPENAPI_PROSE ? 'End every session of the signed-in member, on every device' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignedOutSchema },
  }),
};
