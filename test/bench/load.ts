import autocannon from 'autocannon';

/** One measured load: throughput and latency percentiles. */
export type Measurement = { rps: number; p50: number; p99: number; ok: number; failed: number };

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

/** The middle value (the mean of the two middle ones for an even count; 0 for none). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** HTTP load with autocannon: `connections` concurrent connections for `seconds`. */
export async function httpLoad(options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A fresh body per request (unique idempotency keys, IBANs). */
  body?: () => unknown;
  connections: number;
  seconds: number;
}): Promise<Measurement> {
  const { body } = options;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: options.method,
        headers: { 'content-type': 'application/json', ...options.headers },
        ...(body ? { setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }) } : {}),
      },
    ],
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The same shape of load for anything that is not HTTP: `concurrency` workers calling `op` for `seconds`. */
export async function loopLoad(op: () => Promise<void>, concurrency: number, seconds: number): Promise<Measurement> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t0);
        } catch {
          failed++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok: latencies.length,
    failed,
  };
}
