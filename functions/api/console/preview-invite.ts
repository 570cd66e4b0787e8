import { accessRoutes } from '#shared/console/access-routes.ts';
import { previewInvite } from '#shared/console/preview-invite.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(accessRoutes.consolePreviewInvite, ({ deps, body }) => previewInvite(deps, body));
