import { PENDING_INVITE_NOT_FOUND } from '#shared/console/invite-rules.ts';
import { InviteIdParams, PendingInviteViewSchema } from '#shared/console/invite-view-schemas.ts';
import { InviteSchema } from '#shared/console/schemas.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's pending invites (shared/console/README.md, "Invites"): listed beside the members, resent with
 * a new link, revoked. Spread into the console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const inviteRoutes = {
  consoleListInvites: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListInvites',
    method: 'GET',
    path: '/api/console/invites',
    handler: 'functions/api/console/list-invites.ts',
    summary: OPENAPI_PROSE ? 'Pending invites (not accepted, revoked or expired), oldest first' : '',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: z.array(PendingInviteViewSchema) },
  }),
  consoleResendInvite: defineRoute({
    ...sessionRoute,
    console: { permission: 'invite' },
    operationId: 'consoleResendInvite',
    method: 'POST',
    path: '/api/console/invites/{inviteId}/resend',
    handler: 'functions/api/console/resend-invite.ts',
    summary: OPENAPI_PROSE ? 'Mail a pending invite again with a new link (the old link stops working)' : '',
    description:
      OPENAPI_PROSE &&
      'A new invite (new id and token, valid 7 days from now) to the same address and role replaces the old one in ' +
        'one transaction. Admins cannot resend an owner invite (403).',
    successStatus: 201,
    access: { table: 'readwrite', mail: true },
    request: { params: InviteIdParams, body: NoBody },
    responses: { 201: InviteSchema },
    refusals: [PENDING_INVITE_NOT_FOUND],
  }),
  consoleRevokeInvite: defineRoute({
    ...sessionRoute,
    console: { permission: 'invite' },
    operationId: 'consoleRevokeInvite',
    method: 'POST',
    path: '/api/console/invites/{inviteId}/revoke',
    handler: 'functions/api/console/revoke-invite.ts',
    summary: OPENAPI_PROSE ? 'Revoke a pending invite: its link no longer works' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: InviteIdParams, body: NoBody },
    responses: { 200: PendingInviteViewSchema },
    refusals: [PENDING_INVITE_NOT_FOUND],
  }),
};
