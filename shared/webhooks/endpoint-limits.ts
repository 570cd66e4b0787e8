import { takeFromWindow } from '#shared/db/rate-limit.ts';
import type { Deps } from '#shared/deps.ts';
import { refusal, TooManyRequestsError } from '#shared/errors.ts';
import { allWebhookEndpointsOfOrganization } from '#shared/webhooks/repository.ts';

/**
 * How many requests a tenant can make the service send to URLs it chooses: one event fans out to every endpoint
 * of the organization, and `/test` and manual redeliveries send on demand. So: a cap on endpoints per
 * organization, and per endpoint a few test events and redeliveries a minute (counted in the table, across every
 * instance, like the API's rate limits).
 */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;
export const TEST_EVENTS_PER_ENDPOINT_PER_MINUTE = 5;
export const REDELIVERIES_PER_ENDPOINT_PER_MINUTE = 10;

export const ENDPOINT_LIMIT_REACHED = `Webhook endpoint limit reached: at most ${MAX_ENDPOINTS_PER_ORGANIZATION} per organization`;
export const ENDPOINT_LIMIT = refusal(409, ENDPOINT_LIMIT_REACHED);
export const TOO_MANY_TEST_EVENTS = 'Too many test events for this endpoint, retry later';
export const TOO_MANY_REDELIVERIES = 'Too many redeliveries for this endpoint, retry later';

/**
 * 409 when the organization has its maximum of endpoints. A count, not a counter: creates racing each other
 * could pass it together, a few at most, since each is bounded by the API's own rate limits.
 */
export async function assertEndpointCapacity(deps: Deps, organizationId: string): Promise<void> {
  const endpoints = await allWebhookEndpointsOfOrganization(deps.db, organizationId);
  if (endpoints.length >= MAX_ENDPOINTS_PER_ORGANIZATION) throw ENDPOINT_LIMIT.error();
}

const PER_ENDPOINT = {
  test: { scope: 'WEBHOOKTEST', limit: TEST_EVENTS_PER_ENDPOINT_PER_MINUTE, message: TOO_MANY_TEST_EVENTS },
  redelivery: { scope: 'WEBHOOKRETRY', limit: REDELIVERIES_PER_ENDPOINT_PER_MINUTE, message: TOO_MANY_REDELIVERIES },
} as const;

/** Counts one test event or redelivery of the endpoint in its one-minute window; 429 with Retry-After beyond. */
export async function takeEndpointSend(
  deps: Deps,
  kind: keyof typeof PER_ENDPOINT,
  organizationId: string,
  endpointId: string,
): Promise<void> {
  const { scope, limit, message } = PER_ENDPOINT[kind];
  const outcome = await takeFromWindow(
    deps.db,
    { scope, id: `${organizationId}#${endpointId}`, limit, windowSeconds: 60 },
    deps.clock.now(),
  );
  if (!outcome.allowed) throw new TooManyRequestsError(outcome.retryAfterSeconds, message);
}
