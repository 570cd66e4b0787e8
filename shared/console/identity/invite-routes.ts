import { InviteSchema } from '#shared/console/common/schemas.ts';
import { PENDING_INVITE_NOT_FOUND } from '#shared/console/identity/invite-rules.ts';
import { InviteIdParams, PendingInviteViewSchema } from '#shared/console/identity/invite-view-schemas.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's pending invites (shared/console/README.md, "Invites"): listed beside the members, resent with
 * a new link, revoked. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const inviteRoutes = defineRoutes('console', {
  consoleListInvites: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/invites',
    handler: 'functions/api/console/list-invites.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: z.array(PendingInviteViewSchema) },
  },
  consoleResendInvite: {
    ...sessionRoute,
    console: { permission: 'invite' },
    method: 'POST',
    path: '/api/console/invites/{inviteId}/resend',
    handler: 'functions/api/console/resend-invite.ts',
    successStatus: 201,
    access: { table: 'readwrite', mail: true },
    request: { params: InviteIdParams, body: NoBody },
    responses: { 201: InviteSchema },
    refusals: [PENDING_INVITE_NOT_FOUND],
  },
  consoleRevokeInvite: {
    ...sessionRoute,
    console: { permission: 'invite' },
    method: 'POST',
    path: '/api/console/invites/{inviteId}/revoke',
    handler: 'functions/api/console/revoke-invite.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: InviteIdParams, body: NoBody },
    responses: { 200: PendingInviteViewSchema },
    refusals: [PENDING_INVITE_NOT_FOUND],
  },
});
