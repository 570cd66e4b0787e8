import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EPC_RESULT_CODES, type EpcResultCode } from '#shared/rails/payee-verification/http-verifier.ts';
import { sandboxAnswer } from '#shared/rails/payee-verification/sandbox-verifier.ts';

/**
 * A Verification of Payee provider's stand-in on loopback, speaking the exchange `http-verifier.ts` sends: a bearer
 * key drawn at each start (401 without it), and EPC codes chosen by the name as the sandbox stand-in chooses its
 * answers ("Close Match" -> CMTC with the name less those words, "No Match" -> NMTC, "Unavailable" -> NOAP, any
 * other name MTCH). It lets a live organization's bank registration run the whole provider path on one machine.
 */
export type LocalPayeeVerification = { url: string; apiKey: string; stop: () => Promise<void> };

const CODE_OF = Object.fromEntries(Object.entries(EPC_RESULT_CODES).map(([code, result]) => [result, code])) as Record<
  string,
  EpcResultCode
>;

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const send = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function authorized(request: IncomingMessage, apiKey: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${apiKey}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function answer(request: IncomingMessage, response: ServerResponse, apiKey: string) {
  if (request.method !== 'POST') return send(response, 405, { error: 'POST only' });
  if (!authorized(request, apiKey)) return send(response, 401, { error: 'Missing or wrong bearer key' });
  let body: { name?: unknown };
  try {
    body = JSON.parse(await textOf(request)) as { name?: unknown };
  } catch {
    return send(response, 400, { error: 'The body is not JSON' });
  }
  if (typeof body.name !== 'string' || !body.name) return send(response, 400, { error: 'name is required' });
  const { result, matchedName, reason } = sandboxAnswer({ name: body.name });
  return send(response, 200, { result: CODE_OF[result], matchedName, reason });
}

export async function startLocalPayeeVerification(
  options: { apiKey?: string; port?: number } = {},
): Promise<LocalPayeeVerification> {
  const apiKey = options.apiKey ?? randomBytes(24).toString('base64url');
  const server = createServer((request, response) => {
    answer(request, response, apiKey).catch(() => send(response, 500, { error: 'stand-in failure' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/vop/v1/payee-verifications`,
    apiKey,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
