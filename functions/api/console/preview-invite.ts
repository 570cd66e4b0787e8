import { previewInvite } from '#shared/console/preview-invite.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consolePreviewInvite, ({ deps, body }) => previewInvite(deps, body));
