import { loopLoad } from '#test/bench/load.ts';
import { medianRun, type RateLimitCost, type RateLimitRun } from '#test/bench/report.ts';

/**
 * The cost of the rate limits: the handler invoked in this process (one "instance", `connections` at a time), with
 * its leases sent to the table and with them answered without it, alternately, `runs` times.
 */
export async function measureRateLimits(
  db: { client: unknown },
  operation: string,
  invoke: () => Promise<void>,
  settings: { connections: number; seconds: number; warmupSeconds: number; runs: number },
): Promise<RateLimitCost> {
  const { connections, seconds } = settings;
  await loopLoad(invoke, connections, settings.warmupSeconds);
  const runs: RateLimitRun[] = [];
  let leases = 0;
  for (let i = 0; i < settings.runs; i++) {
    const counted = await withLeases(db, false, () => loopLoad(invoke, connections, seconds));
    const withLimits = counted.result;
    leases += counted.leases;
    const withoutLimits = (await withLeases(db, true, () => loopLoad(invoke, connections, seconds))).result;
    runs.push({ withLimits, withoutLimits, ratio: withLimits.rps / withoutLimits.rps });
  }
  const requests = runs.reduce((sum, run) => sum + run.withLimits.ok, 0);
  return { operation, ...medianRun(runs), leases: `${leases} leases for ${requests} requests` };
}

/**
 * Runs `act` counting the rate-limit leases the handler sends; with `grant`, answers them in this process as if
 * the table granted every chunk: the handler's own work with the limiter's bookkeeping, without its database calls.
 */
async function withLeases<T>(db: { client: unknown }, grant: boolean, act: () => Promise<T>) {
  const client = db.client as { send: (command: unknown) => Promise<unknown> };
  const original = client.send;
  const ownSend = Object.hasOwn(client, 'send');
  let leases = 0;
  client.send = function (this: unknown, command: unknown) {
    const input = (
      command as { input?: { Key?: { pk?: string }; ExpressionAttributeValues?: Record<string, unknown> } }
    ).input;
    if (String(input?.Key?.pk ?? '').startsWith('RATELIMIT#')) {
      leases++;
      if (grant) return Promise.resolve({ Attributes: { count: input?.ExpressionAttributeValues?.[':chunk'] } });
    }
    return original.call(client, command);
  };
  try {
    return { result: await act(), leases };
  } finally {
    if (ownSend) client.send = original;
    else delete (client as { send?: unknown }).send;
  }
}
