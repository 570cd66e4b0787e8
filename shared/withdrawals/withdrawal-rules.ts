import { refusal } from '#shared/errors.ts';

/**
 * The 503 of a create whose withdrawal does not exist (as far as the database could tell): Compose's text, and
 * what to do about it. A new key could pay twice if the first request's write landed after all.
 */
export const FAILED_TO_EXECUTE = 'Failed to execute withdrawal; retry with the same idempotency key';

/** A replay must carry the parameters the key was first used with. */
export const KEY_REUSED = refusal(422, 'idempotencyKey: Key was already used with different parameters');
