import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { httpPayeeVerifier } from '#shared/rails/payee-verification/http-verifier.ts';
import type { PayeeCheckRequest } from '#shared/rails/payee-verification/port.ts';
import { sandboxAnswer, sandboxPayeeVerifier } from '#shared/rails/payee-verification/sandbox-verifier.ts';
import { payeeVerifierFor } from '#shared/rails/payee-verification/verifier-for.ts';

const request = (name: string): PayeeCheckRequest => ({
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  name,
  party: 'individual',
});

describe('the sandbox Verification of Payee stand-in', () => {
  it.each([
    ['Ada Lovelace', 'MATCH', null],
    ['Ada Close Match Lovelace', 'CLOSE_MATCH', 'Ada Lovelace'],
    ['close match', 'CLOSE_MATCH', 'A. N. Other'],
    ['Acme No Match GmbH', 'NO_MATCH', null],
    ['Unavailable Bank Customer', 'NOT_POSSIBLE', null],
    ['Noma Tchname', 'MATCH', null],
  ])('answers %s with %s', (name, result, matchedName) => {
    const answer = sandboxAnswer({ name });
    expect(answer).toMatchObject({ result, matchedName, source: 'sandbox' });
    expect(answer.reason === null).toBe(result !== 'NOT_POSSIBLE');
  });

  it('is the verifier of sandbox organizations, and of live ones while no VoP service is configured', () => {
    const configured = parseConfig({ PAYEE_VERIFICATION_URL: 'https://vop.bank.example/check' });
    const unconfigured = parseConfig({});
    expect(payeeVerifierFor(configured, 'sandbox')).toBe(sandboxPayeeVerifier);
    expect(payeeVerifierFor(unconfigured, 'live')).toBe(sandboxPayeeVerifier);
    expect(payeeVerifierFor(configured, 'live')).not.toBe(sandboxPayeeVerifier);
  });

  it('holds NOT_POSSIBLE for confirmation unless the deployment says to proceed', () => {
    expect(parseConfig({}).payeeVerification.whenNotPossible).toBe('confirm');
    expect(parseConfig({ PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE: 'proceed' }).payeeVerification.whenNotPossible).toBe(
      'proceed',
    );
    expect(() => parseConfig({ PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE: 'match' })).toThrow(
      /PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE/,
    );
  });
});

describe("the organization's bank's VoP service over HTTP", () => {
  let server: Server;
  let url = '';
  const received: unknown[] = [];
  let reply: (res: import('node:http').ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vop`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const json = (status: number, body: unknown) => (res: import('node:http').ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it('sends the IBAN, BIC, name and party, and takes the close match with the name the bank holds', async () => {
    reply = json(200, { result: 'CLOSE_MATCH', matchedName: 'Ada Lovelace' });
    const answer = await httpPayeeVerifier(url).verify(request('Ada Lovelase'));
    expect(received.at(-1)).toEqual(request('Ada Lovelase'));
    expect(answer).toEqual({ result: 'CLOSE_MATCH', matchedName: 'Ada Lovelace', reason: null, source: 'bank' });
  });

  it.each([
    ['a refusal', json(503, { error: 'down' }), 'answered 503'],
    ['an unknown result', json(200, { result: 'PERHAPS' }), 'not understood'],
    ['a body that is no JSON', (res: import('node:http').ServerResponse) => res.end('<html>'), 'not understood'],
    ['no answer in time', () => undefined, 'did not answer'],
  ])('answers NOT_POSSIBLE, with the reason, to %s', async (_, answerWith, reason) => {
    reply = answerWith;
    const answer = await httpPayeeVerifier(url, 300).verify(request('Ada Lovelace'));
    expect(answer.result).toBe('NOT_POSSIBLE');
    expect(answer.reason).toContain(reason);
  });
});
