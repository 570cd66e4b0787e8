import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalPayeeVerification, startLocalPayeeVerification } from '#infra/local/payee-verification.ts';
import { parseConfig } from '#shared/config/env.ts';
import { httpPayeeVerifier, SCHEME_TIMEOUT_MS } from '#shared/rails/payee-verification/http-verifier.ts';
import type { PayeeCheckRequest } from '#shared/rails/payee-verification/port.ts';
import { sandboxAnswer, sandboxPayeeVerifier } from '#shared/rails/payee-verification/sandbox-verifier.ts';
import { secretsManagerReader } from '#shared/rails/payee-verification/secrets.ts';
import {
  NO_PROVIDER_REASON,
  noProviderVerifier,
  payeeVerifierFor,
} from '#shared/rails/payee-verification/verifier-for.ts';

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

  it('is the verifier of sandbox organizations only: a live one without a provider is NOT_POSSIBLE, never MATCH', async () => {
    const configured = parseConfig({
      PAYEE_VERIFICATION_URL: 'https://vop.bank.example/check',
      PAYEE_VERIFICATION_API_KEY_SECRET: 'payouts/vop-key',
    });
    const unconfigured = parseConfig({});
    const keyless = parseConfig({ PAYEE_VERIFICATION_URL: 'https://vop.bank.example/check' });
    expect(payeeVerifierFor(configured, 'sandbox')).toBe(sandboxPayeeVerifier);
    expect(payeeVerifierFor(unconfigured, 'live')).toBe(noProviderVerifier);
    expect(payeeVerifierFor(keyless, 'live')).toBe(noProviderVerifier);
    expect(payeeVerifierFor(configured, 'live')).not.toBe(sandboxPayeeVerifier);
    expect(await noProviderVerifier.verify(request('Ada Lovelace'))).toEqual({
      result: 'NOT_POSSIBLE',
      matchedName: null,
      reason: NO_PROVIDER_REASON,
      source: 'none',
    });
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

describe('the Verification of Payee provider over HTTP, against the local stand-in', () => {
  let provider: LocalPayeeVerification;
  beforeAll(async () => {
    provider = await startLocalPayeeVerification();
  });
  afterAll(() => provider.stop());
  const verifier = (apiKey = provider.apiKey) => httpPayeeVerifier({ url: provider.url, apiKey: async () => apiKey });

  it.each([
    ['Ada Lovelace', 'MATCH', null],
    ['Ada Close Match Lovelace', 'CLOSE_MATCH', 'Ada Lovelace'],
    ['Acme No Match GmbH', 'NO_MATCH', null],
  ])('maps the EPC code for %s to %s', async (name, result, matchedName) => {
    expect(await verifier().verify(request(name))).toEqual({ result, matchedName, reason: null, source: 'bank' });
  });

  it('maps NOAP to NOT_POSSIBLE with the reason given', async () => {
    const answer = await verifier().verify(request('Unavailable Bank Customer'));
    expect(answer).toMatchObject({
      result: 'NOT_POSSIBLE',
      source: 'bank',
      reason: expect.stringContaining('reached'),
    });
  });

  it('is refused without the right key, and that is NOT_POSSIBLE naming the refusal', async () => {
    const answer = await verifier('not-the-key').verify(request('Ada Lovelace'));
    expect(answer).toMatchObject({ result: 'NOT_POSSIBLE', reason: expect.stringContaining('refused our key (401)') });
  });

  it('is NOT_POSSIBLE when the key cannot be read from the secrets store', async () => {
    const unreadable = httpPayeeVerifier({ url: provider.url, apiKey: () => Promise.reject(new Error('denied')) });
    const answer = await unreadable.verify(request('Ada Lovelace'));
    expect(answer).toMatchObject({ result: 'NOT_POSSIBLE', reason: expect.stringContaining('key could not be read') });
  });
});

describe('the secrets port on Secrets Manager', () => {
  it('reads the key by its id once for five minutes, then again; a failed read is not kept', async () => {
    const asked: unknown[] = [];
    let fail = true;
    const client = {
      send: async (command: GetSecretValueCommand) => {
        asked.push(command.input.SecretId);
        if (fail) throw new Error('AccessDenied');
        return { SecretString: ' key-1\n' };
      },
    } as unknown as Pick<SecretsManagerClient, 'send'>;
    let now = 0;
    const read = secretsManagerReader(client, () => now);
    await expect(read('payouts/vop-key')).rejects.toThrow('AccessDenied');
    await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    expect(await read('payouts/vop-key')).toBe('key-1');
    now = 60_000;
    expect(await read('payouts/vop-key')).toBe('key-1');
    now = 5 * 60_000 + 1;
    expect(await read('payouts/vop-key')).toBe('key-1');
    expect(asked).toEqual(['payouts/vop-key', 'payouts/vop-key', 'payouts/vop-key']);
  });
});

describe('the provider exchange, as sent', () => {
  let server: Server;
  let url = '';
  const received: { body: unknown; authorization: string | undefined }[] = [];
  let reply: (res: import('node:http').ServerResponse) => void = () => undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          authorization: req.headers.authorization,
        });
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vop`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const json = (status: number, body: unknown) => (res: import('node:http').ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const verifier = (timeoutMs?: number) => httpPayeeVerifier({ url, apiKey: async () => 'k3y', timeoutMs });

  it('sends the IBAN, BIC, name and party with the bearer key, and takes CMTC with the name the bank holds', async () => {
    reply = json(200, { result: 'CMTC', matchedName: 'Ada Lovelace' });
    const answer = await verifier().verify(request('Ada Lovelase'));
    expect(received.at(-1)).toEqual({ body: request('Ada Lovelase'), authorization: 'Bearer k3y' });
    expect(answer).toEqual({ result: 'CLOSE_MATCH', matchedName: 'Ada Lovelace', reason: null, source: 'bank' });
  });

  it('gives the checks five seconds, the scheme budget', () => {
    expect(SCHEME_TIMEOUT_MS).toBe(5000);
  });

  it.each([
    ['a refusal', json(503, { error: 'down' }), 'answered 503'],
    ['an answer in our words, not the scheme codes', json(200, { result: 'MATCH' }), 'not understood'],
    ['a body that is no JSON', (res: import('node:http').ServerResponse) => res.end('<html>'), 'not understood'],
    ['no answer in time', () => undefined, 'did not answer'],
  ])('answers NOT_POSSIBLE, with the reason, to %s', async (_, answerWith, reason) => {
    reply = answerWith;
    const answer = await verifier(300).verify(request('Ada Lovelace'));
    expect(answer.result).toBe('NOT_POSSIBLE');
    expect(answer.reason).toContain(reason);
  });
});
