/**
 * The parts every area's `keys.ts` builds with, and the table's own keys (rate-limit windows, the timer index's
 * partitions). Imports nothing: an area's `keys.ts` imports this module alone, so `shared/db/keys.ts` assembles the
 * areas' keys without pulling in anything else of them.
 */

export type Key = { pk: string; sk: string };
export type ListKey = { gsi1pk: string; gsi1sk: string };
export type TimerKey = { gsi2pk: string; gsi2sk: string };

/**
 * A part of the table an area owns. `pk` alone: every partition whose key starts with it. `pk` and `sk`: in the one
 * partition `pk`, which other areas share, the items whose sort key starts with `sk`. `gsi1pk`, `gsi2pk`, `gsi3pk`:
 * an index's partitions whose key starts with it. `{}` stands for one id (text without `#`).
 */
export type KeySpace = { pk: string; sk?: string } | { gsi1pk: string } | { gsi2pk: string } | { gsi3pk: string };

/** A list's sort key: by creation time, then id (so the newest come first in a reverse query). */
export const listSortKey = (createdAt: string, id: string) => `${createdAt}#${id}`;

/**
 * EXPIRE: a withdrawal awaiting signatures; BATCH: a PROCESSING withdrawal not yet in a payment file; WRITE: a
 * payment file claimed but not yet in the outbox; ANSWER: a sandbox payment file the bank simulator answers;
 * AWAIT: a written file whose payouts should have been reported on by then (the stuck-payout alarm); PRENOTE: a
 * bank's ACH prenote to send, or to confirm once no return came within its window. Each kind's partitions belong
 * to the area that sets its timers.
 */
export type TimerKind = 'EXPIRE' | 'BATCH' | 'WRITE' | 'ANSWER' | 'AWAIT' | 'PRENOTE';
export const TIMER_SHARDS = 4;
/** Transaction ids are random UUIDs, so their first hex digit spreads timers evenly. */
export const timerShard = (transactionId: string): number =>
  Number.parseInt(transactionId.charAt(0), 16) % TIMER_SHARDS || 0;

/**
 * An item waiting for a deadline carries this sparse gsi2 entry; the sweeps query the due part of each shard.
 * Shards spread the writes of a busy service over several index partitions.
 */
export const timerKey = (kind: TimerKind, id: string, dueAt: string): TimerKey => ({
  gsi2pk: `TIMER#${kind}#${timerShard(id)}`,
  gsi2sk: `${dueAt}#${id}`,
});

/** Every rate-limit counter's partition key starts with this: the one item kind every API function may update. */
export const RATE_LIMIT_KEY_PREFIX = 'RATELIMIT#';

export const tableKeys = {
  /** One fixed window of a rate limit (`scope`: key, org, webhook-test, ...; `windowStart` in epoch seconds). */
  rateLimitWindow: (scope: string, id: string, windowStart: number): Key => ({
    pk: `${RATE_LIMIT_KEY_PREFIX}${scope}#${id}#${windowStart}`,
    sk: 'RATELIMIT',
  }),
  /** One shard of a kind's timers, whichever area sets them. */
  timersDue: (kind: TimerKind, shard: number) => ({ gsi2pk: `TIMER#${kind}#${shard}` }),
} as const;

export const TABLE_KEY_SPACES: KeySpace[] = [{ pk: RATE_LIMIT_KEY_PREFIX }];
