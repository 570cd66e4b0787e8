import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { policyFor, type Resolver } from '#shared/webhooks/address-guard.ts';
import { createHttpDelivery } from '#shared/webhooks/http-delivery.ts';

const SANDBOX = policyFor('sandbox', true);
const LIVE = policyFor('live', true);

type Received = { method: string; path: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let port: number;
let received: Received[];
let respond: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      respond(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  respond = (_req, res) => res.writeHead(204).end();
});

/** Every name answers loopback, so a request reaches the test server only through the guarded lookup. */
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

const deliver = createHttpDelivery({ resolve: toLoopback, timeoutMs: 500, maxResponseBytes: 1024 });
const request = (url: string, policy = SANDBOX) =>
  deliver({ url, body: '{"event_id":"evt-1"}', headers: { 'webhook-id': 'evt-1' }, policy });

describe('webhook HTTP delivery', () => {
  it('POSTs the body and headers and counts a 2xx as delivered', async () => {
    const result = await request(`http://receiver.test:${port}/hook`);

    expect(result).toMatchObject({ ok: true, status: 204, error: null });
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/hook',
        body: '{"event_id":"evt-1"}',
        headers: expect.objectContaining({ 'webhook-id': 'evt-1', 'content-type': 'application/json' }),
      }),
    ]);
  });

  it('connects to the address its lookup checked (the name itself exists in no DNS)', async () => {
    const result = await request(`http://no-such-host.invalid:${port}/`);

    expect(result.ok).toBe(true);
    expect(received).toHaveLength(1);
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    respond = (req, res) => {
      if (req.url === '/moved') res.writeHead(301, { location: `http://127.0.0.1:${port}/target` }).end();
      else res.writeHead(200).end();
    };

    const result = await request(`http://receiver.test:${port}/moved`);

    expect(result).toMatchObject({ ok: false, status: 301, error: 'Redirect (301) not followed' });
    expect(received.map((r) => r.path)).toEqual(['/moved']);
  });

  it('counts any other status as a failure with the status kept', async () => {
    respond = (_req, res) => res.writeHead(503).end('busy');

    expect(await request(`http://receiver.test:${port}/`)).toMatchObject({ ok: false, status: 503, error: 'HTTP 503' });
  });

  it('gives up after the timeout', async () => {
    respond = (_req, res) => setTimeout(() => res.writeHead(200).end(), 2000);

    const result = await request(`http://receiver.test:${port}/slow`);

    expect(result).toMatchObject({ ok: false, status: null, error: 'Timed out after 0.5 s' });
    expect(result.durationMs).toBeLessThan(1500);
  });

  it('stops reading a large response after the first KiB', async () => {
    respond = (_req, res) => {
      res.writeHead(200);
      const chunk = 'x'.repeat(64 * 1024);
      const write = () => {
        while (res.writableLength < 1024 * 1024 && !res.destroyed) {
          if (!res.write(chunk)) return res.once('drain', write);
        }
      };
      write();
    };

    const result = await request(`http://receiver.test:${port}/flood`);

    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.durationMs).toBeLessThan(450);
  });

  it('refuses, without connecting, a live delivery to a name that resolves to loopback', async () => {
    const result = await request(`https://receiver.test:${port}/`, LIVE);

    expect(result).toMatchObject({ ok: false, status: null });
    // Attack run finding 7: the error told a tenant what an internal name resolves to.
    expect(result.error).toBe('Address not allowed');
    expect(result.error).not.toMatch(/127\.0\.0\.1|loopback|resolves/);
    expect(received).toEqual([]);
  });

  it('refuses an address literal the policy forbids, and plain http for live organizations', async () => {
    expect((await request('http://169.254.169.254/latest/meta-data')).error).toBe(
      'URL not allowed: Must not point to a metadata address',
    );
    expect((await request('http://hooks.example.com/', LIVE)).error).toBe('URL not allowed: Must use https');
    expect(received).toEqual([]);
  });
});
