import { accessRoutes } from '#shared/console/identity/access-routes.ts';
import { previewInvite } from '#shared/console/identity/preview-invite.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(accessRoutes.consolePreviewInvite, ({ deps, body }) => previewInvite(deps, body));
