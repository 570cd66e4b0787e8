import { percentile } from '#test/bench/load.ts';

/**
 * Waits until the local runtime has carried out the work a measurement left behind. `npm start` runs the stream
 * relay, the event bus, the queue's sender and the payout batcher in the process that serves the API (in AWS each is
 * a function of its own), so the events and payouts one phase writes are relayed and batched during the next: the
 * floor's writes would load the service's event loop while the service is measured, and never the other way round.
 * The health route reads nothing, so its latency is the runtime's event loop and the HTTP hop; the runtime is quiet
 * when `QUIET_PINGS` answers in a row come within `QUIET_FACTOR` of its latency when idle (or `QUIET_FLOOR_MS`).
 */
const QUIET_PINGS = 5;
const QUIET_FACTOR = 3;
const QUIET_FLOOR_MS = 20;
const PING_EVERY_MS = 100;

const ping = async (url: string) => {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
};

/** The health route's latency on the idle runtime (median of `samples` pings, one at a time). */
export async function idleLatency(url: string, samples = 20): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await ping(url));
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/** Resolves once the runtime answers as when idle, or after `maxSeconds` (then with false). */
export async function untilQuiet(url: string, idleMs: number, maxSeconds: number): Promise<boolean> {
  const bound = Math.max(QUIET_FLOOR_MS, QUIET_FACTOR * idleMs);
  const deadline = performance.now() + maxSeconds * 1000;
  let inARow = 0;
  while (performance.now() < deadline) {
    inARow = (await ping(url)) <= bound ? inARow + 1 : 0;
    if (inARow >= QUIET_PINGS) return true;
    await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
  }
  return false;
}
