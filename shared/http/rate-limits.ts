import { takeFromWindow } from '#shared/db/rate-limit.ts';
import type { Deps } from '#shared/deps.ts';
import { TooManyRequestsError } from '#shared/errors.ts';
import type { AuthContext } from '#shared/http/auth.ts';

/**
 * The API's rate limits (API.md: per API key, 429 with `Retry-After`), in one-second fixed windows counted in the
 * table, so they hold across every Lambda instance: per key (`RATE_LIMIT_KEY_PER_S`) and per organization, all
 * its keys together (`RATE_LIMIT_ORGANIZATION_PER_S`).
 *
 * Counted right after authentication, both counters in parallel: one more round trip, of two conditional
 * UpdateItems. They cannot join authentication's BatchGetItem (a batch read carries no writes), and they must not
 * run beside it: a key is only known to be its organization's once the key item is read, so a counter written
 * before would let anyone exhaust a victim organization's limit with made-up keys that name it.
 */
export async function enforceRateLimits(deps: Deps, auth: AuthContext): Promise<void> {
  const { perKeyPerSecond, perOrganizationPerSecond } = deps.config.rateLimits;
  const now = deps.clock.now();
  // A console session has no key: its requests count against the organization alone.
  const outcomes = await Promise.all([
    ...(auth.apiKeyId === null
      ? []
      : [takeFromWindow(deps.db, { scope: 'KEY', id: auth.apiKeyId, limit: perKeyPerSecond, windowSeconds: 1 }, now)]),
    takeFromWindow(
      deps.db,
      { scope: 'ORG', id: auth.organizationId, limit: perOrganizationPerSecond, windowSeconds: 1 },
      now,
    ),
  ]);
  const retryAfter = Math.max(0, ...outcomes.map((outcome) => (outcome.allowed ? 0 : outcome.retryAfterSeconds)));
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
}
