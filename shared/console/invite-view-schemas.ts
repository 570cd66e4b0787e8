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
