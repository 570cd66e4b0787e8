import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/webhooks/routes.ts';
import { sendTestEvent } from '#shared/webhooks/send-test-event.ts';

export const handler = apiHandler(routes.sendWebhookTest, ({ deps, auth, actor, params }) =>
  sendTestEvent(deps, auth.organizationId, params.endpointId, auditedAs(deps, actor, 'webhook_endpoint.tested')),
);
