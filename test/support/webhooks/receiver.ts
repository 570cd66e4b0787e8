import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered. */
  status: number;
};

/**
 * A webhook receiver on a free loopback port, as an integrator would run one. Each path answers with the status
 * its behaviour gives for the n-th request on that path (200 unless told otherwise).
 */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const behaviours = new Map<string, (nth: number) => number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      const nth = received.filter((r) => r.path === path).length + 1;
      const status = (behaviours.get(path) ?? (() => 200))(nth);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ path, headers, body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, behaviour: (nth: number) => number) => behaviours.set(path, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs` with `what`. */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 30_000,
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value as Exclude<T, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
