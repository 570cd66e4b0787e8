import type { Deps } from '#shared/deps.ts';
import type { AuthContext } from '#shared/http/auth.ts';
import { log } from '#shared/log.ts';
import { recordApiKeyUse } from '#shared/organizations/repository.ts';

/** How stale a key's `lastUsedAt` may be before a request moves it on: the console shows it to the minute. */
export const KEY_USE_RESOLUTION_MS = 60_000;

/**
 * Records that the key was used (the console's API keys list shows when each key was last used). Authentication
 * has just read the key item, so a key whose `lastUsedAt` is under a minute old costs nothing; otherwise one
 * conditional UpdateItem, sent beside the rate-limit counters in the same round trip. It is bookkeeping: a failure
 * is logged and never fails the request.
 */
export async function recordKeyUse(deps: Deps, auth: AuthContext): Promise<void> {
  if (!auth.key) return;
  const now = deps.clock.now();
  const notAfter = new Date(now.getTime() - KEY_USE_RESOLUTION_MS).toISOString();
  if (auth.key.lastUsedAt !== undefined && auth.key.lastUsedAt >= notAfter) return;
  try {
    await recordApiKeyUse(deps.db, auth.key.keyHash, now.toISOString(), notAfter);
  } catch (error) {
    log.warn('could not record the API key use', { error: error instanceof Error ? error.name : 'unknown' });
  }
}
