import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_FLOOR_PORT, type HttpFloorSpec } from '#test/bench/http-floor.ts';

/**
 * The floor served over HTTP (test/bench/http-floor.ts starts it as a process of its own): a bare Node server that
 * answers each request by replaying the route's floor (the very DynamoDB calls one request of it made, with the
 * same rate-limit leases) and then the response the route gave, and does nothing else. What it measures against the
 * floor is the HTTP hop alone on this machine (reading the request, writing the response, the load generator on
 * the same cores); the service against it is what the service adds beyond that hop.
 */

// The parent's handle on this process is its stdin: closed (the parent done, or gone), this process ends, whenever.
process.stdin.on('end', () => process.exit(0));

/** The spec is the first line of stdin. */
function readSpec(): Promise<HttpFloorSpec> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end < 0) return;
      process.stdin.off('data', onData);
      try {
        resolve(JSON.parse(text.slice(0, end)) as HttpFloorSpec);
      } catch (error) {
        reject(error);
      }
    };
    process.stdin.on('data', onData);
  });
}

const spec = await readSpec();
const { appDeps } = await import('#shared/deps.ts');
const { authenticate } = await import('#shared/http/auth.ts');
const { enforceRateLimits } = await import('#shared/http/rate-limits.ts');
const { replayer } = await import('#test/bench/floor.ts');
const deps = appDeps();
const auth = await authenticate(deps, `Bearer ${spec.apiKey}`);
const replay = replayer(deps.db, spec.plan, spec.keep, () => enforceRateLimits(deps, auth));
const { statusCode, headers, body } = spec.response;

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    replay().then(
      () => {
        res.writeHead(statusCode, headers);
        res.end(body);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ [HTTP_FLOOR_PORT]: (server.address() as AddressInfo).port })}\n`);
});
