import { ALREADY_MEMBER, API_KEY_NOT_FOUND, FEATURE_ON_IS_OPERATORS } from '#shared/console/console-rules.ts';
import {
  ApiKeyIdParams,
  ApiKeySchema,
  AuditEntrySchema,
  AuditQuery,
  InviteMemberBody,
  InviteSchema,
  MemberSchema,
  NewApiKeySchema,
} from '#shared/console/schemas.ts';
import { ChangeSettingsBody, SettingsSchema } from '#shared/console/settings-schemas.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's own administration: its members and invitations, the audit log, its API keys and its
 * settings. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;

export const memberRoutes = {
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
};

export const keyRoutes = {
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
};

export const settingsRoutes = {
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
};
