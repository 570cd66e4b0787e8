import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { createDb, type Db } from '#shared/db/client.ts';
import type { WindowLimit } from '#shared/db/rate-limit.ts';
import { InstanceRateLimiter, LEASE_SHARE_OF_LIMIT, RECENT_WINDOWS } from '#shared/http/rate-limits.ts';

/**
 * The leased rate limits (shared/http/rate-limits.ts) on DynamoDB Local: two limiters on one table are two Lambda
 * instances. A window never admits more than its limit; it may refuse early by what the other instance leased and
 * did not spend, at most ⌈limit / 10⌉ per instance; and most requests make no database call.
 */
function instance() {
  const db: Db = createDb(parseConfig(process.env));
  const client = db.client as unknown as { send: (command: unknown) => Promise<unknown> };
  const send = client.send.bind(client);
  const counted = { leases: 0 };
  client.send = (command: unknown) => {
    if (command instanceof UpdateCommand) counted.leases++;
    return send(command);
  };
  return { limiter: new InstanceRateLimiter(db), counted };
}

/** `requests` takes from one limiter, `concurrency` at a time, all inside the window starting at `at`. */
async function load(limiter: InstanceRateLimiter, limit: WindowLimit, at: Date, requests: number, concurrency = 4) {
  let admitted = 0;
  let left = requests;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left--;
        if ((await limiter.take(limit, at)).allowed) admitted++;
      }
    }),
  );
  return admitted;
}

const windowAt = (second: number) => new Date(Date.UTC(2026, 10, 22, 11, 0, second, 300));
const tolerance = (limit: number) => Math.ceil(limit * LEASE_SHARE_OF_LIMIT);

describe('rate limits leased in chunks by each instance (DynamoDB Local)', () => {
  it('admits at most the limit per window across two instances, and at most the tolerance fewer', async () => {
    const [a, b] = [instance(), instance()];
    const limit: WindowLimit = { scope: 'KEY', id: `leases-${crypto.randomUUID()}`, limit: 50, windowSeconds: 1 };

    for (const second of [0, 1, 2, 3]) {
      const [fromA, fromB] = await Promise.all([
        load(a.limiter, limit, windowAt(second), 40),
        load(b.limiter, limit, windowAt(second), 40),
      ]);

      expect(fromA + fromB).toBeLessThanOrEqual(50);
      expect(fromA + fromB).toBeGreaterThanOrEqual(50 - 2 * tolerance(50));
    }
  });

  it('admits every request below the limit, with a lease for several requests', async () => {
    const [a, b] = [instance(), instance()];
    const limit: WindowLimit = { scope: 'ORG', id: `leases-${crypto.randomUUID()}`, limit: 100, windowSeconds: 1 };
    let admitted = 0;

    for (const second of [10, 11, 12, 13, 14]) {
      const counts = await Promise.all([
        load(a.limiter, limit, windowAt(second), 30),
        load(b.limiter, limit, windowAt(second), 30),
      ]);
      admitted += counts[0] + counts[1];
    }

    expect(admitted).toBe(300);
    // Steady load: after the first window each instance leases what it spent in the last one, a tenth of the limit.
    expect(a.counted.leases + b.counted.leases).toBeLessThanOrEqual(300 / 5);
  });

  it('leases what the last burst spent at once after idle windows, and starts from single requests after a long pause', async () => {
    const { limiter, counted } = instance();
    const limit: WindowLimit = { scope: 'KEY', id: `leases-${crypto.randomUUID()}`, limit: 1000, windowSeconds: 1 };
    const burst = async (second: number) => {
      const before = counted.leases;
      expect(await load(limiter, limit, windowAt(second), 32, 1)).toBe(32);
      return counted.leases - before;
    };

    // Doubling from 1: 1, 1, 2, 4, 8, 16 (and a top-up once the last is nearly spent).
    expect(await burst(30)).toBeGreaterThanOrEqual(6);
    // Two idle windows later: one lease of 32, a top-up and the next window's first chunk, in the background.
    expect(await burst(33)).toBeLessThanOrEqual(3);
    // Past RECENT_WINDOWS idle windows the instance no longer counts on its last burst.
    const later = 33 + RECENT_WINDOWS + 2;
    expect(await burst(later)).toBeGreaterThanOrEqual(6);
  });

  it('refuses with the seconds to the next window once the limit is used up, and starts afresh in the next', async () => {
    const { limiter } = instance();
    const limit: WindowLimit = { scope: 'KEY', id: `leases-${crypto.randomUUID()}`, limit: 3, windowSeconds: 1 };
    const at = windowAt(20);

    expect(await load(limiter, limit, at, 5)).toBe(3);
    expect(await limiter.take(limit, at)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.take(limit, windowAt(21))).toEqual({ allowed: true });
  });
});
