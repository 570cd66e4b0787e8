import type { Db } from '#shared/db/client.ts';
import { leaseFromWindow, type WindowLimit, type WindowOutcome } from '#shared/db/rate-limit.ts';
import type { Deps } from '#shared/deps.ts';
import { TooManyRequestsError } from '#shared/errors.ts';
import type { AuthContext } from '#shared/http/auth.ts';

/**
 * The most one lease takes, as a share of the limit: what bounds the requests an instance may hold unspent when a
 * window ends (the tolerance below). A tenth makes the counters at most a fifth of a write per request at the
 * default limits, and far less for an instance that serves a key steadily below them.
 */
export const LEASE_SHARE_OF_LIMIT = 1 / 10;

/** One instance's leases of one counter's current window, and how much of the last window it spent. */
type Bucket = {
  windowStart: number;
  granted: number;
  spent: number;
  usedUp: boolean;
  /** The lease round in flight, which the requests waiting for a grant wait for. */
  lease: Promise<void> | undefined;
  /** Requests of the instance waiting for a grant in this window: the next round leases for each of them. */
  waiting: number;
  /** What the instance spent in the last window it served, if that was at most `RECENT_WINDOWS` windows ago. */
  spentLastWindow: number;
  /** The next window's bucket, leased ahead so a steadily used instance does not wait at the turn of a window. */
  next: Bucket | undefined;
};

/**
 * How many windows back an instance remembers what it spent when it leases again after idle windows: a burst that
 * follows a pause (a batch every few seconds) leases what the last one spent at once instead of doubling from 1,
 * one write where doubling took six for 32 requests, each waited for by every request of the instance.
 */
export const RECENT_WINDOWS = 60;

/** Counters an instance tracks before it forgets those of past windows (its memory stays bounded). */
const KEPT_BUCKETS = 10_000;

/**
 * The requests one instance may admit: it leases them from the shared counter of each window in chunks
 * (shared/db/rate-limit.ts `leaseFromWindow`) and spends them without a database call. A lease asks for what the
 * instance spent so far in the window or in the last one it served within `RECENT_WINDOWS` (at least 1, so a new
 * instance starts with single requests and doubles), at most `LEASE_SHARE_OF_LIMIT` of the limit. Concurrent
 * requests of the instance wait for one round of leases, which asks for every request waiting; an instance in steady use leases again before it runs out, and leases
 * the next window's first chunk ahead, so neither a busy window nor the turn of one costs a wait.
 *
 * Tolerance, across any number of instances: a window never admits more than its limit (leases never overlap); it
 * may refuse early by what other instances leased and did not spend, at most ⌈limit / 10⌉ per instance that
 * served the key or organization in that window or the one before.
 */
export class InstanceRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly db: Db) {}

  async take(limit: WindowLimit, now: Date): Promise<WindowOutcome> {
    const nowSeconds = now.getTime() / 1000;
    const windowStart = Math.floor(nowSeconds / limit.windowSeconds) * limit.windowSeconds;
    const bucket = this.bucket(limit, windowStart);
    for (;;) {
      if (bucket.spent < bucket.granted) {
        bucket.spent++;
        this.topUp(limit, bucket);
        this.leaseAhead(limit, bucket);
        return { allowed: true };
      }
      if (bucket.usedUp) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(windowStart + limit.windowSeconds - nowSeconds)),
        };
      }
      bucket.waiting++;
      try {
        bucket.lease ??= this.lease(limit, bucket);
        await bucket.lease;
      } finally {
        bucket.waiting--;
      }
    }
  }

  private bucket(limit: WindowLimit, windowStart: number): Bucket {
    const id = `${limit.scope}#${limit.id}`;
    const current = this.buckets.get(id);
    if (current?.windowStart === windowStart) return current;
    if (this.buckets.size >= KEPT_BUCKETS) this.forgetBefore(windowStart - limit.windowSeconds);
    const recent = current && current.windowStart >= windowStart - RECENT_WINDOWS * limit.windowSeconds;
    const spentLastWindow = recent ? current.spent : 0;
    const fresh =
      current?.next?.windowStart === windowStart
        ? Object.assign(current.next, { spentLastWindow })
        : emptyBucket(windowStart, spentLastWindow);
    this.buckets.delete(id);
    this.buckets.set(id, fresh);
    return fresh;
  }

  private forgetBefore(windowStart: number): void {
    for (const [id, bucket] of this.buckets) if (bucket.windowStart < windowStart) this.buckets.delete(id);
  }

  /**
   * Once an instance has spent half of what it spent in the last window it served, it leases the next window's first chunk
   * in the background (a failure leaves that window to lease as usual).
   */
  private leaseAhead(limit: WindowLimit, bucket: Bucket): void {
    if (bucket.next || bucket.spentLastWindow === 0 || bucket.spent * 2 < bucket.spentLastWindow) return;
    const next = emptyBucket(bucket.windowStart + limit.windowSeconds, bucket.spent);
    bucket.next = next;
    next.lease = this.lease(limit, next, Math.max(bucket.spent, bucket.spentLastWindow)).catch(() => undefined);
  }

  /**
   * When a quarter of what the next lease would ask for is all that is left, the instance leases again in the
   * background, so its requests rarely wait for a lease; the chunk leaves at most `LEASE_SHARE_OF_LIMIT` of the
   * limit unspent with what is left (the tolerance holds). A failure leaves the next request to lease as usual.
   */
  private topUp(limit: WindowLimit, bucket: Bucket): void {
    // Requests waiting for a grant lease for themselves, all of them in one round.
    if (bucket.lease || bucket.usedUp || bucket.waiting > 0) return;
    const left = bucket.granted - bucket.spent;
    const wanted = Math.min(mostOf(limit), Math.max(bucket.spent, bucket.spentLastWindow));
    const chunk = Math.min(mostOf(limit) - left, wanted);
    if (left * 4 > wanted || chunk < 1) return;
    bucket.lease = this.lease(limit, bucket, chunk).catch(() => undefined);
  }

  /**
   * One round of leases. Asked for a chunk (`wanted`, in the background), that chunk. Otherwise for the requests
   * waiting, side by side, a chunk of at most `LEASE_SHARE_OF_LIMIT` each: the first as large as the instance's
   * recent use, the others exactly what the waiting requests need, which they spend at once (so the round leaves
   * no more unspent than one lease may). A burst that arrives while a lease is in flight waits for one more round
   * trip, not for a chain of leases doubling from 1.
   */
  private async lease(limit: WindowLimit, bucket: Bucket, wanted?: number): Promise<void> {
    const most = mostOf(limit);
    const first = Math.min(most, Math.max(1, wanted ?? Math.max(bucket.waiting, bucket.spent, bucket.spentLastWindow)));
    const chunks = [first];
    if (wanted === undefined)
      for (let rest = bucket.waiting - first; rest > 0; rest -= most) chunks.push(Math.min(most, rest));
    // Settled together: a failed lease does not end the round while the others are in flight.
    const outcomes = await Promise.allSettled(
      chunks.map((chunk) => leaseFromWindow(this.db, limit, bucket.windowStart, chunk)),
    );
    bucket.lease = undefined;
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') continue;
      bucket.granted += outcome.value.granted;
      if (outcome.value.usedUp) bucket.usedUp = true;
    }
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** The most one lease takes (`LEASE_SHARE_OF_LIMIT`), and so the most an instance holds unspent. */
const mostOf = (limit: WindowLimit) => Math.max(1, Math.ceil(limit.limit * LEASE_SHARE_OF_LIMIT));

const emptyBucket = (windowStart: number, spentLastWindow: number): Bucket => ({
  windowStart,
  granted: 0,
  spent: 0,
  usedUp: false,
  lease: undefined,
  waiting: 0,
  spentLastWindow,
  next: undefined,
});

/** One limiter per database client: per Lambda instance (deps are built once per process), per test "instance". */
const limiters = new WeakMap<Db, InstanceRateLimiter>();

const limiterOf = (db: Db): InstanceRateLimiter => {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new InstanceRateLimiter(db);
    limiters.set(db, limiter);
  }
  return limiter;
};

/**
 * The API's rate limits (API.md: per API key, 429 with `Retry-After`), in one-second fixed windows counted in the
 * table, so they hold across every Lambda instance: per key (`RATE_LIMIT_KEY_PER_S`) and per organization, all
 * its keys together (`RATE_LIMIT_ORGANIZATION_PER_S`). Each instance leases requests in chunks
 * (`InstanceRateLimiter`), so most requests make no database call for them.
 *
 * Taken right after authentication, both limits in parallel; a lease, when one is due, is a conditional UpdateItem.
 * It cannot join authentication's BatchGetItem (a batch read carries no writes), and it must not run beside it: a
 * key is only known to be its organization's once the key item is read, so a counter written before would let
 * anyone exhaust a victim organization's limit with made-up keys that name it.
 */
export async function enforceRateLimits(deps: Deps, auth: AuthContext): Promise<void> {
  const { perKeyPerSecond, perOrganizationPerSecond } = deps.config.rateLimits;
  const now = deps.clock.now();
  const limiter = limiterOf(deps.db);
  // A console session has no key: its requests count against the organization alone.
  const outcomes = await Promise.all([
    ...(auth.apiKeyId === null
      ? []
      : [limiter.take({ scope: 'KEY', id: auth.apiKeyId, limit: perKeyPerSecond, windowSeconds: 1 }, now)]),
    limiter.take({ scope: 'ORG', id: auth.organizationId, limit: perOrganizationPerSecond, windowSeconds: 1 }, now),
  ]);
  const retryAfter = Math.max(0, ...outcomes.map((outcome) => (outcome.allowed ? 0 : outcome.retryAfterSeconds)));
  if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
}
