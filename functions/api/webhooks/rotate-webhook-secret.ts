import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { rotateWebhookSecret } from '#shared/webhooks/rotate-webhook-secret.ts';
import { routes } from '#shared/webhooks/routes.ts';

export const handler = apiHandler(routes.rotateWebhookSecret, ({ deps, auth, actor, params }) =>
  rotateWebhookSecret(deps, auth, params.endpointId, auditedAs(deps, actor, 'webhook_endpoint.secret_rotated')),
);
