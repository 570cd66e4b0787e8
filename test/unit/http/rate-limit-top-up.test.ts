import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Db } from '#shared/db/client.ts';
import type { WindowLimit } from '#shared/db/rate-limit.ts';
import { InstanceRateLimiter } from '#shared/http/rate-limits.ts';

/**
 * When an instance leases (shared/http/rate-limits.ts), on a table whose answers the test releases: a lease the
 * requests would otherwise wait for is asked for while the instance still has requests in hand.
 */
function heldTable() {
  const counts = new Map<string, number>();
  const held: { key: string; answer: () => void }[] = [];
  let holding = false;
  const send = (command: unknown) => {
    if (!(command instanceof UpdateCommand)) throw new Error('only leases expected');
    const input = command.input;
    const key = JSON.stringify(input.Key);
    const chunk = Number(input.ExpressionAttributeValues?.[':chunk']);
    const answer = () => {
      const count = (counts.get(key) ?? 0) + chunk;
      counts.set(key, count);
      return { Attributes: { count } };
    };
    if (!holding) return Promise.resolve(answer());
    return new Promise((resolve) => held.push({ key, answer: () => resolve(answer()) }));
  };
  const db = { client: { send }, tableName: 'held' } as unknown as Db;
  return {
    db,
    hold: () => {
      holding = true;
    },
    release: () => {
      for (const { answer } of held.splice(0)) answer();
    },
    /** The windows (epoch seconds) of the leases the table holds. */
    heldWindows: () => held.map(({ key }) => Number(key.match(/#(\d+)"/)?.[1])),
  };
}

/** True when the take answered without waiting for the table (before the next turn of the event loop). */
async function answeredAtHand(take: Promise<unknown>): Promise<boolean> {
  const turn = new Promise<'turn'>((resolve) => setImmediate(() => resolve('turn')));
  return (await Promise.race([take.then(() => 'take' as const), turn])) === 'take';
}

const at = (second: number) => new Date(Date.UTC(2026, 10, 22, 11, 0, second, 300));

describe('rate-limit leases taken before the instance runs out', () => {
  it('asks for the next chunk while requests are still in hand, so none waits while it is in flight', async () => {
    const table = heldTable();
    const limiter = new InstanceRateLimiter(table.db);
    const limit: WindowLimit = { scope: 'ORG', id: 'top-up', limit: 1000, windowSeconds: 1 };
    // Two windows of 40 requests: the instance learns its rate, and leases the next window's first chunk ahead.
    for (const second of [10, 11]) {
      for (let i = 0; i < 40; i++) expect((await limiter.take(limit, at(second))).allowed).toBe(true);
    }
    // From now on the table keeps its answers.
    await new Promise((resolve) => setImmediate(resolve));
    table.hold();
    let atHand = 0;
    for (let i = 0; i < 40; i++) if (await answeredAtHand(limiter.take(limit, at(12)))) atHand++;
    // All 40 were in hand, and a lease for more was asked for before they ran out.
    expect(atHand).toBe(40);
    expect(table.heldWindows()).toContain(at(12).getTime() / 1000 - 0.3);
    const waiting = limiter.take(limit, at(12));
    table.release();
    expect(await waiting).toEqual({ allowed: true });
  });
});

describe('a burst that arrives while a lease is in flight', () => {
  it('is served by one more round of leases side by side, each at most a tenth of the limit, none left unspent', async () => {
    const table = heldTable();
    const limiter = new InstanceRateLimiter(table.db);
    const limit: WindowLimit = { scope: 'KEY', id: 'burst', limit: 50, windowSeconds: 1 };
    table.hold();
    const first = limiter.take(limit, at(20));
    await new Promise((resolve) => setImmediate(resolve));
    const rest = Array.from({ length: 49 }, () => limiter.take(limit, at(20)));
    // A new instance asks for one request while the 49 arrive.
    expect(table.heldWindows()).toHaveLength(1);
    table.release();
    await new Promise((resolve) => setImmediate(resolve));
    // The 49 waiting are asked for at once: ten leases of at most 5 (a tenth of 50), not a chain doubling from 1.
    expect(table.heldWindows()).toHaveLength(10);
    table.release();
    const outcomes = await Promise.all([first, ...rest]);
    expect(outcomes.every((outcome) => outcome.allowed)).toBe(true);
    expect(table.heldWindows()).toHaveLength(0);
    // The window is spent: the next request is refused without a lease beyond the limit.
    const over = limiter.take(limit, at(20));
    await new Promise((resolve) => setImmediate(resolve));
    table.release();
    expect(await over).toMatchObject({ allowed: false });
  });
});
