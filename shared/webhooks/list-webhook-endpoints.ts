import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { listWebhookEndpointsOfOrganization } from '#shared/webhooks/repository.ts';
import { toWebhookEndpoint, type WebhookEndpoint } from '#shared/webhooks/schemas.ts';

export async function listWebhookEndpoints(
  deps: Deps,
  input: { organizationId: string; limit: number; cursor?: string | undefined },
): Promise<Page<WebhookEndpoint>> {
  const page = await listWebhookEndpointsOfOrganization(deps.db, input.organizationId, input);
  return { items: page.items.map(toWebhookEndpoint), nextCursor: page.nextCursor };
}
