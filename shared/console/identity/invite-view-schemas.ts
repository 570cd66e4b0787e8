import { ROLES } from '#shared/console/common/roles.ts';
import { TOKEN } from '#shared/console/common/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** What an invite page shows before anything is registered: who invites whom, to which organization, as what. */
export const PreviewInviteBody = z.strictObject({ token: TOKEN });

export const InvitePreviewSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  validUntil: z.string(),
});

export const InviteIdParams = z.strictObject({
  inviteId: z.uuid(),
});

/** A pending invite as the Members page lists it (its token is in the mailed link only). */
export const PendingInviteViewSchema = z.object({
  inviteId: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string(),
  createdAt: z.string(),
  validUntil: z.string(),
});
