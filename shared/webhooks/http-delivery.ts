import http from 'node:http';
import https from 'node:https';
import { log } from '#shared/log.ts';
import {
  AddressNotAllowedError,
  type AddressPolicy,
  guardedLookup,
  type Resolver,
  urlProblem,
} from '#shared/webhooks/address-guard.ts';

export const DELIVERY_TIMEOUT_MS = 15_000;
/** Receivers owe us a status, not a body; a few KiB are read (and then the connection dropped) at most. */
export const MAX_RESPONSE_BYTES = 4096;

export type DeliveryRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: AddressPolicy;
};

export type DeliveryResult = {
  /** A 2xx answer within the timeout. */
  ok: boolean;
  /** The receiver's status, or null when there was no answer. */
  status: number | null;
  /** Why the attempt failed, for the delivery's log; never the response body. */
  error: string | null;
  durationMs: number;
};

export type HttpDelivery = (request: DeliveryRequest) => Promise<DeliveryResult>;

const describe = (error: unknown): string => {
  if (error instanceof AddressNotAllowedError) {
    // Operators see what the name resolved to; the tenant's lastError says only that it is not allowed.
    log.warn('webhook address refused', { detail: error.detail });
    return error.message;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'Connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
  if (code === 'ECONNRESET') return 'Connection reset';
  return code ?? (error instanceof Error ? error.message : String(error));
};

/**
 * POSTs one webhook: never follows a redirect (a 3xx is a failure), gives up after `timeoutMs` in total,
 * reads at most `maxResponseBytes` of the answer, and connects only to addresses the policy allows. Keep-alive
 * agents are kept per policy, so a connection opened under a looser policy is never reused under a stricter one.
 */
export function createHttpDelivery(options: {
  resolve: Resolver;
  timeoutMs?: number;
  maxResponseBytes?: number;
  userAgent?: string;
}): HttpDelivery {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const agents = new Map<string, http.Agent>();
  const agentFor = (protocol: string, policy: AddressPolicy) => {
    const name = `${protocol}${policy.httpsOnly}${policy.allowLoopback}`;
    let agent = agents.get(name);
    if (!agent) {
      const lookup = guardedLookup(policy, options.resolve);
      const settings = { keepAlive: true, lookup, timeout: timeoutMs };
      agent = protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
      agents.set(name, agent);
    }
    return agent;
  };

  return (request) => {
    const started = Date.now();
    const done = (ok: boolean, status: number | null, error: string | null): DeliveryResult => ({
      ok,
      status,
      error,
      durationMs: Date.now() - started,
    });
    const url = new URL(request.url);
    const problem = urlProblem(url, request.policy);
    // An address literal never reaches the lookup: this check is the one that judges it.
    if (problem) return Promise.resolve(done(false, null, `URL not allowed: ${problem}`));
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<DeliveryResult>((resolve) => {
      let settled = false;
      const finish = (result: DeliveryResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = transport.request(url, {
        method: 'POST',
        agent: agentFor(url.protocol, request.policy),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': options.userAgent ?? 'payouts-webhooks/1',
          ...request.headers,
        },
      });
      const timer = setTimeout(() => {
        finish(done(false, null, `Timed out after ${timeoutMs / 1000} s`));
        req.destroy();
      }, timeoutMs);
      req.on('error', (error) => finish(done(false, null, describe(error))));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const outcome = () => {
          if (status >= 200 && status < 300) return done(true, status, null);
          if (status >= 300 && status < 400) return done(false, status, `Redirect (${status}) not followed`);
          return done(false, status, `HTTP ${status}`);
        };
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxBytes) {
            finish(outcome());
            res.destroy();
          }
        });
        res.on('end', () => finish(outcome()));
        res.on('close', () => finish(outcome()));
        res.on('error', () => finish(outcome()));
      });
      req.end(request.body);
    });
  };
}
