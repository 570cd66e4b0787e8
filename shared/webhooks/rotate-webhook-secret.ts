import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { type Caller, changeEndpoint } from '#shared/webhooks/endpoint-rules.ts';
import type { EndpointRecord } from '#shared/webhooks/records.ts';
import { toWebhookEndpoint, type WebhookEndpoint } from '#shared/webhooks/schemas.ts';
import { generateSecret } from '#shared/webhooks/signing.ts';

/** After a rotation the old secret keeps signing this long, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** A new secret; the one it replaces keeps signing for 24 hours (only the latest previous one is kept). */
export async function rotateWebhookSecret(
  deps: Deps,
  caller: Caller,
  endpointId: string,
  audit?: Alongside,
): Promise<WebhookEndpoint & { secret: string }> {
  const rotate = (endpoint: EndpointRecord, now: Date): Partial<EndpointRecord> => ({
    signing: {
      secret: generateSecret(),
      previous: {
        secret: endpoint.signing.secret,
        expiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      },
    },
  });
  const updated = await changeEndpoint(deps, caller, endpointId, rotate, audit);
  return { ...toWebhookEndpoint(updated), secret: updated.signing.secret };
}
