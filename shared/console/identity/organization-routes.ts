import { ALREADY_MEMBER, API_KEY_NOT_FOUND, FEATURE_ON_IS_OPERATORS } from '#shared/console/common/console-rules.ts';
import {
  ApiKeyIdParams,
  ApiKeySchema,
  AuditEntrySchema,
  AuditQuery,
  InviteMemberBody,
  InviteSchema,
  MemberSchema,
  NewApiKeySchema,
} from '#shared/console/common/schemas.ts';
import { ChangeSettingsBody, SettingsSchema } from '#shared/console/identity/settings-schemas.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's own administration: its members and invitations, the audit log, its API keys and its
 * settings. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;

export const memberRoutes = defineRoutes('console', {
  consoleListMembers: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/members',
    handler: 'functions/api/console/list-members.ts',
    successStatus: 200,
    access: readwrite,
    responses: { 200: z.array(MemberSchema) },
  },
  consoleInviteMember: {
    ...sessionRoute,
    console: { permission: 'invite' },
    method: 'POST',
    path: '/api/console/invites',
    handler: 'functions/api/console/invite-member.ts',
    successStatus: 201,
    access: { table: 'readwrite', mail: true },
    request: { body: InviteMemberBody },
    responses: { 201: InviteSchema },
    refusals: [ALREADY_MEMBER],
  },
});

export const keyRoutes = defineRoutes('console', {
  consoleListAuditLog: {
    ...sessionRoute,
    console: { permission: 'audit' },
    method: 'GET',
    path: '/api/console/audit-log',
    handler: 'functions/api/console/list-audit-log.ts',
    successStatus: 200,
    access: readwrite,
    request: { query: AuditQuery },
    responses: { 200: z.array(AuditEntrySchema) },
  },
  consoleCreateApiKey: {
    ...sessionRoute,
    console: { permission: 'manageKeys' },
    method: 'POST',
    path: '/api/console/api-keys',
    handler: 'functions/api/console/create-api-key.ts',
    successStatus: 201,
    access: readwrite,
    request: { body: NoBody },
    responses: { 201: NewApiKeySchema },
  },
  consoleListApiKeys: {
    ...sessionRoute,
    console: { permission: 'manageKeys' },
    method: 'GET',
    path: '/api/console/api-keys',
    handler: 'functions/api/console/list-api-keys.ts',
    successStatus: 200,
    access: { table: 'readwrite', indexes: ['gsi1'] },
    responses: { 200: z.array(ApiKeySchema) },
  },
  consoleRevokeApiKey: {
    ...sessionRoute,
    console: { permission: 'manageKeys' },
    method: 'POST',
    path: '/api/console/api-keys/{apiKeyId}/revoke',
    handler: 'functions/api/console/revoke-api-key.ts',
    successStatus: 200,
    access: readwrite,
    request: { params: ApiKeyIdParams, body: NoBody },
    responses: { 200: ApiKeySchema },
    refusals: [API_KEY_NOT_FOUND],
  },
});

export const settingsRoutes = defineRoutes('console', {
  consoleGetSettings: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/settings',
    handler: 'functions/api/console/get-settings.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: SettingsSchema },
  },
  consoleChangeSettings: {
    ...sessionRoute,
    console: { permission: 'settings' },
    method: 'PATCH',
    path: '/api/console/settings',
    handler: 'functions/api/console/change-settings.ts',
    successStatus: 200,
    access: readwrite,
    request: { body: ChangeSettingsBody },
    responses: { 200: SettingsSchema },
    refusals: [FEATURE_ON_IS_OPERATORS],
  },
});
