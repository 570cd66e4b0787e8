import { type TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { currentDeadline, type Db } from '#shared/db/client.ts';
import { cancellationCodes, WriteConflictError } from '#shared/db/errors.ts';
import type { StoredItem } from '#shared/db/items.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction with the role it plays, so a failed condition can be named by its role. */
export type GuardedItem<Role extends string> = { role: Role; item: TransactItem };

/**
 * Items another area writes in the same transaction as a change, given the id of what changed: the console's
 * audit entry of a change a member made through an API route. Their roles are the caller's to name.
 */
export type Alongside = (subject: string, details?: Record<string, string>) => readonly GuardedItem<string>[];

/**
 * A guard of the transaction did not hold; nothing was written. `role` says which; `item` is that item as it
 * stood when the guard failed, when its write asked for it (`ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`).
 */
export class WriteConditionFailedError<Role extends string = string> extends Error {
  constructor(
    readonly role: Role,
    readonly item?: StoredItem,
  ) {
    super(`condition failed: ${role}`);
  }
}

/**
 * The one way the service writes a transaction: the items in one TransactWriteItems, all or nothing. A failed
 * guard becomes a `WriteConditionFailedError` naming its role (the first, in item order); a conflict with a
 * concurrent transaction a `WriteConflictError` (answered 503 if nobody retries it). Anything else (throttling
 * included) is rethrown as the SDK raised it.
 */
export async function writeGuarded<Role extends string>(db: Db, items: readonly GuardedItem<Role>[]): Promise<void> {
  try {
    await db.client.send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes?.indexOf('ConditionalCheckFailed') ?? -1;
    const role = items[failed]?.role;
    if (role !== undefined) throw new WriteConditionFailedError(role, failedItem(error, failed));
    if (codes?.includes('TransactionConflict') || error instanceof TransactionConflictException) {
      throw new WriteConflictError('transaction conflict', { cause: error });
    }
    throw error;
  }
}

/** The item a failed guard returned (marshalled in the error: the document client converts only results). */
function failedItem(error: unknown, index: number): StoredItem | undefined {
  const item = (error as TransactionCanceledException).CancellationReasons?.[index]?.Item;
  return item ? unmarshall(item, { wrapNumbers: (digits) => digits }) : undefined;
}

/**
 * How a write that lost to a concurrent transaction waits out its pause (`retryOnConflict`, and the create loops
 * of shared/withdrawals): tests replace `pause` to record the pauses asked for (and move their clock by them)
 * instead of sleeping through seconds of backoff.
 */
export const conflictBackoff = { pause: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** The longest pause between two attempts: a conflict lasts as long as the winner's transaction, milliseconds. */
const MAX_BACKOFF_MS = 250;

/** The jittered pause after the `lost`-th conflict lost in a row (from 1), growing to `MAX_BACKOFF_MS`. */
const conflictPauseMs = (lost: number) => Math.random() * Math.min(MAX_BACKOFF_MS, 10 * 2 ** lost);

/** Waits the pause after the `lost`-th lost conflict; false, without waiting, if it would pass the deadline. */
export async function pauseAfterConflict(lost: number): Promise<boolean> {
  const ms = conflictPauseMs(lost);
  const deadline = currentDeadline();
  if (deadline !== undefined && Date.now() + ms >= deadline) return false;
  await conflictBackoff.pause(ms);
  return true;
}

/**
 * Runs `attempt` again (with jittered exponential backoff) while it loses to concurrent transactions. Each
 * attempt must decide against the state the winner left: it reads afresh, or it is a write whose guards alone
 * decide (then sent again as it was, see `RESEND_ATTEMPTS`). Under a request's database deadline it tries until
 * the next pause would pass the deadline: a conflict ends when the winner's transaction does, so a loser that
 * keeps trying meets the winner's state and its guards answer (a 409, a replay) where giving up would answer 503,
 * however many contenders a busy machine keeps in flight at once. Without a deadline (background work) it stops
 * after `attempts` (24 wait about 2.5 s in all, 5 s at most). Then the last SDK error surfaces: a transient
 * database error, answered with 503.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, attempts = 24): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WriteConflictError)) throw error;
      if (currentDeadline() === undefined && n >= attempts) throw error.cause;
      if (!(await pauseAfterConflict(n))) throw error.cause;
    }
  }
}

/**
 * How often a write that reads nothing first (its guards decide against the stored state) is sent, whole and
 * unchanged, while it loses only to concurrent transactions, when no request deadline bounds it instead:
 * `retryOnConflict(() => writeGuarded(...), RESEND_ATTEMPTS)`. The pauses grow to 250 ms, about 1 s in all.
 */
export const RESEND_ATTEMPTS = 8;
