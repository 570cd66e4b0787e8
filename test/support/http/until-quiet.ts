/**
 * Waits for a quiet service before a storm (integration and e2e). A storm asserts the service's decisions, and each of
 * its dozens of concurrent requests must be answered within the request's database deadline: on a machine whose
 * cores are taken by other work, the database's queue decides instead (503s), whatever the code. So the storm starts
 * once a probe (a burst of cheap concurrent requests: one alone answers fast even on a loaded machine) answers fast
 * several times in a row; a machine that never gets there fails the test with the latencies it saw, rather than with
 * a tally of 503s that says nothing of why.
 */
export type Quiet = { fastMs: number; inARow: number; maxMs: number };

/**
 * Ten concurrent reads through the local API (`burst`) took 280-1,200 ms with the load average at 17 on two cores,
 * where the storms answered 503s; on an idle machine they take tens of milliseconds.
 */
export const QUIET: Quiet = { fastMs: 150, inARow: 5, maxMs: 30_000 };

/** `size` concurrent calls of `call`: the probe `untilQuiet` times. */
export const burst = (size: number, call: () => Promise<unknown>) => () =>
  Promise.all(Array.from({ length: size }, call));

const PROBE_EVERY_MS = 100;

export async function untilQuiet(what: string, probe: () => Promise<unknown>, quiet: Quiet = QUIET): Promise<void> {
  const started = Date.now();
  const latencies: number[] = [];
  let fast = 0;
  while (fast < quiet.inARow) {
    if (Date.now() - started > quiet.maxMs) {
      const recent = latencies.slice(-10).map((ms) => `${ms} ms`);
      throw new Error(
        `${what}: not quiet within ${quiet.maxMs / 1000} s (${quiet.inARow} answers in a row under ${quiet.fastMs} ms wanted; the last: ${recent.join(', ')}); the machine is too busy for a storm to measure the service`,
      );
    }
    const sent = Date.now();
    await probe();
    const ms = Date.now() - sent;
    latencies.push(ms);
    fast = ms <= quiet.fastMs ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
}
