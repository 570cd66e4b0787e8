import { currentDeadline, withDatabaseDeadline } from '#shared/db/client.ts';
import { conflictBackoff, type GuardedItem, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { IdempotencyRecord } from '#shared/transactions/records.ts';
import { getIdempotencyRecord } from '#shared/withdrawals/create-context.ts';

/**
 * A create's time (shared/withdrawals/README.md, "Costs and failures"). Its reads and decisions end at its own
 * deadline, `TRUTH_READ_RESERVE_MS` before the request's; a write it sent may run on to the request's deadline,
 * because the write's own answer is the truth the reserve is kept for. From the create's deadline on, the idempotency
 * record is read beside the write, so a write that landed and whose answer is lost is found all the same.
 */

/** Kept after the create's own deadline for the truth: the answer of a write in flight, or the read of its record. */
export const TRUTH_READ_RESERVE_MS = 1_000;

/** The pause between two reads of the idempotency record while a write of the create may still land. */
export const TRUTH_POLL_MS = 100;

/** The create's own deadline (none without a request deadline) and how long its latest database call took. */
export type CreateTime = { deadline: number | undefined; lastCallMs: number };

export function createTime(): CreateTime {
  const at = currentDeadline();
  return { deadline: at === undefined ? undefined : at - TRUTH_READ_RESERVE_MS, lastCallMs: 0 };
}

/** Runs `work` (reads, pauses, the payout's start) within the create's own deadline. */
export const withinCreate = <T>(time: CreateTime, work: () => Promise<T>): Promise<T> =>
  time.deadline === undefined ? work() : withDatabaseDeadline(time.deadline, work);

/** A read within the create's own deadline, its duration kept. */
export async function timedRead<T>(time: CreateTime, read: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await withinCreate(time, read);
  } finally {
    time.lastCallMs = Date.now() - started;
  }
}

/**
 * Whether the create may send a write now: its own time left is at least what its latest database call took (a
 * write now waits in the queue that call waited in; the reserve after the create's deadline, which the write may run
 * into, is the margin of that guess). Otherwise it sends nothing more and answers 503: nothing was made. The longest
 * call so far was too long a guess: a read queued for a second behind a storm's others left no time for writes that
 * lose a conflict in milliseconds. Counting the reserve in as well left writes unanswered at the request's deadline
 * on a busy machine, each a "may have been made" where this answers "failed"
 * (docs/decisions/0101-create-decides-or-answers-503.md).
 */
export function timeToWrite(time: CreateTime): boolean {
  return time.deadline === undefined || time.deadline - Date.now() >= time.lastCallMs;
}

/**
 * Sends a decision. Resolves `undefined` when the database applied it, or the idempotency record of the key when the
 * write's answer had not come by the create's deadline and the record was found meanwhile (this create's own, or a
 * concurrent create's with the same key); rejects with the write's failure otherwise.
 */
export async function sendDecision<Role extends string>(
  deps: Deps,
  time: CreateTime,
  items: readonly GuardedItem<Role>[],
  key: { organizationId: string; idempotencyKey: string },
): Promise<IdempotencyRecord | undefined> {
  const started = Date.now();
  const write = writeGuarded(deps.db, items);
  try {
    const applied = write.then(() => undefined);
    if (time.deadline === undefined) return await applied;
    return await Promise.race([applied, watchForRecord(deps, time.deadline, key, write)]);
  } finally {
    time.lastCallMs = Date.now() - started;
  }
}

/**
 * From `from` on, while `write` has not settled and the request's deadline is not near, reads the idempotency record
 * every `TRUTH_POLL_MS`; resolves with it once found. Never resolves otherwise: the write's own answer decides.
 */
async function watchForRecord(
  deps: Deps,
  from: number,
  key: { organizationId: string; idempotencyKey: string },
  write: Promise<unknown>,
): Promise<IdempotencyRecord> {
  let settled = false;
  const answered = write.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, from - Date.now())))]);
  clearTimeout(timer);
  while (!settled && (currentDeadline() ?? Number.POSITIVE_INFINITY) - Date.now() > TRUTH_POLL_MS) {
    const record = await getIdempotencyRecord(deps.db, key.organizationId, key.idempotencyKey).catch(() => undefined);
    if (record) return record;
    await conflictBackoff.pause(TRUTH_POLL_MS);
  }
  return new Promise<never>(() => undefined);
}

/**
 * The idempotency record after a failure, read (strongly consistent); while a write of the create went unanswered,
 * read again until found, for at most `TRUTH_READ_RESERVE_MS` and within the request's deadline: a write whose
 * answer was lost (a dropped connection, a database 500) may land a moment later.
 */
export async function readTruth(
  deps: Deps,
  key: { organizationId: string; idempotencyKey: string },
  mayStillLand: boolean,
): Promise<IdempotencyRecord | undefined> {
  const until = Math.min(currentDeadline() ?? Number.POSITIVE_INFINITY, Date.now() + TRUTH_READ_RESERVE_MS);
  for (;;) {
    const started = Date.now();
    const record = await getIdempotencyRecord(deps.db, key.organizationId, key.idempotencyKey);
    if (record || !mayStillLand) return record;
    if (until - Date.now() < TRUTH_POLL_MS + (Date.now() - started)) return undefined;
    await conflictBackoff.pause(TRUTH_POLL_MS);
  }
}
