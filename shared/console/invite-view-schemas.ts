import { ROLES } from '#shared/console/roles.ts';
import { INVITE_TOKEN, TOKEN } from '#shared/console/schemas.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** What an invite page shows before anything is registered: who invites whom, to which organization, as what. */
export const PreviewInviteBody = z
  .strictObject({ token: TOKEN })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsolePreviewInviteRequest', examples: [{ token: INVITE_TOKEN }] }));

export const InvitePreviewSchema = z
  .object({
    organizationName: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    validUntil: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleInvitePreview',
        examples: [
          {
            organizationName: 'Acme Payroll',
            email: 'grace@example.com',
            role: 'approver',
            validUntil: '2026-11-28T10:00:00.000Z',
          },
        ],
      },
    ),
  );

export const InviteIdParams = z.strictObject({
  inviteId: z.uuid().check(docMeta(OPENAPI_PROSE && { description: 'The invite (its id, never its token)' })),
});

/** A pending invite as the Members page lists it (its token is in the mailed link only). */
export const PendingInviteViewSchema = z
  .object({
    inviteId: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    invitedBy: z.string(),
    createdAt: z.string(),
    validUntil: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
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
      },
    ),
  );
