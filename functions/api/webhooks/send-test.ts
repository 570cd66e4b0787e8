import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/webhooks/routes.ts';
import { sendTestEvent } from '#shared/webhooks/send-test-event.ts';

export const handler = apiHandler(routes.sendWebhookTest, ({ deps, auth, params }) =>
  sendTestEvent(deps, auth.organizationId, params.endpointId),
);
