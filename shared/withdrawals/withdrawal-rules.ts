import { refusal } from '#shared/errors.ts';

/**
 * The 503 of a create that certainly wrote nothing (the database refused its transaction: throttled, or lost to
 * concurrent ones, or no write was sent): Compose's text, and what to do about it.
 */
export const FAILED_TO_EXECUTE = 'Failed to execute withdrawal; retry with the same idempotency key';

/**
 * The 503 of a create whose write was sent and whose outcome the database did not tell (a timeout, a dropped
 * connection, a 500, the request's deadline), and whose idempotency record could not be found or read: the
 * write may still land. It never says "failed": a client that believed it and retried with a new key could pay
 * twice; the same key answers the withdrawal if it exists.
 */
export const OUTCOME_UNKNOWN =
  'The withdrawal may have been made: its outcome is not known yet. Retry with the same idempotency key, which answers the withdrawal if it exists (a new key could pay twice)';

/** A replay must carry the parameters the key was first used with. */
export const KEY_REUSED = refusal(422, 'idempotencyKey: Key was already used with different parameters');

/** A batch's key names one list of withdrawals (their keys and parameters). */
export const BATCH_KEY_REUSED = refusal(422, 'idempotencyKey: Batch key was already used with different withdrawals');

/** Per item of a batch: two payouts of one customer would reserve one balance twice in one transaction. */
export const REPEATED_CUSTOMER = 'customerId: Already paid by an earlier item of this batch; send one per customer';
export const REPEATED_KEY = 'idempotencyKey: Already used by an earlier item of this batch';
