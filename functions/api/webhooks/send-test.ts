import { apiHandler } from '#shared/http/api-handler.ts';
import { sendTestEvent } from '#shared/webhooks/endpoint-use-cases.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.sendWebhookTest, ({ deps, auth, params }) =>
  sendTestEvent(deps, auth.organizationId, params.endpointId),
);
