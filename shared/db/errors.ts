import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
  TransactionInProgressException,
} from '@aws-sdk/client-dynamodb';

/**
 * A transaction lost to a concurrent one: nothing was written and a retry may succeed. Thrown by the guarded
 * write (shared/db/guarded-write.ts); declared here so that, unretried, it is answered like any transient failure.
 */
export class WriteConflictError extends Error {}

const TRANSIENT_CLASSES = [
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  InternalServerError,
  TransactionInProgressException,
  WriteConflictError,
];

const TRANSIENT_CANCELLATION_CODES = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'TransactionConflict',
]);

/**
 * True for failures of the database that a later retry may cure: throttling, service errors, timeouts,
 * refused connections, and transactions cancelled only because of throttling or a conflicting transaction
 * (as the SDK raised them, or as a `WriteConflictError`).
 */
export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (TRANSIENT_CLASSES.some((cls) => error instanceof cls)) return true;
  if (error instanceof TransactionCanceledException) {
    const codes = (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    return codes.some((c) => TRANSIENT_CANCELLATION_CODES.has(c)) && codes.every((c) => c !== 'ConditionalCheckFailed');
  }
  // The SDK marks errors it considers retryable (timeouts, throttling) with `$retryable`.
  if ((error as { $retryable?: unknown }).$retryable !== undefined) return true;
  // A 5xx the model does not name (DynamoDB Local's `InternalFailure` under load, say) carries only its fault.
  if ((error as { $fault?: unknown }).$fault === 'server') return true;
  // The HTTP handler's socket timeout carries only this name, no code; a call aborted at its request's deadline
  // (shared/db/client.ts) this one.
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'EPIPE';
}

/** The cancellation reason codes of a cancelled transaction, one per item in order (`None` for items that passed). */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

const REFUSAL_CLASSES = [ProvisionedThroughputExceededException, RequestLimitExceeded, ThrottlingException];

/**
 * True when the database certainly applied nothing of the call: it refused it before doing anything
 * (throttled) or cancelled the whole transaction (a failed condition, a conflict, throttling). A timeout, a
 * dropped connection or a 500 is not: the write may have landed, or may still land.
 */
export function isRefusedByDatabase(error: unknown): boolean {
  if (error instanceof WriteConflictError || error instanceof TransactionCanceledException) return true;
  return REFUSAL_CLASSES.some((cls) => error instanceof cls);
}
