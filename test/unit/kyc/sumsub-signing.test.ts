import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { digestMatches, payloadDigest, requestSignature } from '#shared/kyc/sumsub/signing.ts';
import { sumsubProvider } from '#shared/kyc/sumsub/sumsub-provider.ts';

const CREDENTIALS = { appToken: 'sbx:token-1', secretKey: 'secret-key-1', webhookSecret: 'webhook-secret-1' };
const TS = 1607551635;

/** A fetch that records each request and answers the queued bodies in order. */
function recordingFetch(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: string | undefined }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: String(init?.method),
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
    });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const provider = (fetch: typeof globalThis.fetch) =>
  sumsubProvider({ baseUrl: 'https://api.sumsub.test', credentials: CREDENTIALS, nowSeconds: () => TS, fetch });

describe('Sumsub request signing', () => {
  it("signs Sumsub's documented example: ts + METHOD + path with query, lower-case hex HMAC-SHA256", () => {
    const path =
      '/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600';
    const expected = createHmac('sha256', 'secret-key-1').update(`1607551635POST${path}`).digest('hex');

    expect(requestSignature('secret-key-1', { method: 'post', path, body: '', ts: TS })).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates an applicant with the level in the query and externalUserId in the body, signed over both', async () => {
    const { fetch, calls } = recordingFetch({ status: 200, body: { id: 'applicant-1' } });

    const id = await provider(fetch).ensureApplicant({
      externalUserId: 'customer-1',
      accountType: 'corporate',
      level: 'companies-api-basic',
      email: 'ada@example.com',
    });

    const body = '{"externalUserId":"customer-1","email":"ada@example.com","type":"company"}';
    const path = '/resources/applicants?levelName=companies-api-basic';
    expect(id).toBe('applicant-1');
    expect(calls).toEqual([
      {
        url: `https://api.sumsub.test${path}`,
        method: 'POST',
        body,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'X-App-Token': 'sbx:token-1',
          'X-App-Access-Ts': String(TS),
          'X-App-Access-Sig': createHmac('sha256', 'secret-key-1').update(`${TS}POST${path}${body}`).digest('hex'),
        },
      },
    ]);
  });

  it('finds the applicant Sumsub already holds for the externalUserId when creation answers 409', async () => {
    const { fetch, calls } = recordingFetch(
      { status: 409, body: { description: 'Applicant with external user id already exists', code: 409 } },
      { status: 200, body: { id: 'applicant-9', info: {} } },
    );

    const id = await provider(fetch).ensureApplicant({
      externalUserId: 'customer-1',
      accountType: 'individual',
      level: 'customers-api-basic',
      email: 'ada@example.com',
    });

    const path = '/resources/applicants/-;externalUserId=customer-1/one';
    expect(id).toBe('applicant-9');
    expect(calls[1]).toMatchObject({
      url: `https://api.sumsub.test${path}`,
      method: 'GET',
      body: undefined,
      headers: { 'X-App-Access-Sig': createHmac('sha256', 'secret-key-1').update(`${TS}GET${path}`).digest('hex') },
    });
  });

  it('asks for the WebSDK link with levelName, userId and ttlInSecs', async () => {
    const { fetch, calls } = recordingFetch({ status: 200, body: { url: 'https://in.sumsub.test/websdk/p/abc' } });

    const link = await provider(fetch).flowLink({ externalUserId: 'customer-1', level: 'customers-api-basic' });

    expect(link).toBe('https://in.sumsub.test/websdk/p/abc');
    expect(calls[0]).toMatchObject({
      url: 'https://api.sumsub.test/resources/sdkIntegrations/levels/-/websdkLink',
      method: 'POST',
      body: '{"levelName":"customers-api-basic","userId":"customer-1","ttlInSecs":1800}',
    });
  });
});

describe('Sumsub webhook digest', () => {
  const body = Buffer.from('{"type":"applicantReviewed","applicantId":"a1"}');

  it('accepts the hex HMAC of the raw body under SHA256 (also by default) and SHA512', () => {
    const sha256 = createHmac('sha256', 'webhook-secret-1').update(body).digest('hex');
    const sha512 = createHmac('sha512', 'webhook-secret-1').update(body).digest('hex');

    expect(payloadDigest('webhook-secret-1', 'HMAC_SHA256_HEX', body)).toBe(sha256);
    expect(digestMatches('webhook-secret-1', body, sha256, 'HMAC_SHA256_HEX')).toBe(true);
    expect(digestMatches('webhook-secret-1', body, sha256.toUpperCase(), undefined)).toBe(true);
    expect(digestMatches('webhook-secret-1', body, sha512, 'HMAC_SHA512_HEX')).toBe(true);
  });

  it('refuses another body, another secret, a truncated or non-hex digest, SHA1 and unknown algorithms', () => {
    const good = payloadDigest('webhook-secret-1', 'HMAC_SHA256_HEX', body);
    const sha1 = createHmac('sha1', 'webhook-secret-1').update(body).digest('hex');

    expect(digestMatches('webhook-secret-1', Buffer.from(`${body} `), good, 'HMAC_SHA256_HEX')).toBe(false);
    expect(digestMatches('other-secret', body, good, 'HMAC_SHA256_HEX')).toBe(false);
    expect(digestMatches('webhook-secret-1', body, good.slice(0, 62), 'HMAC_SHA256_HEX')).toBe(false);
    expect(digestMatches('webhook-secret-1', body, `${good.slice(0, 63)}z`, 'HMAC_SHA256_HEX')).toBe(false);
    expect(digestMatches('webhook-secret-1', body, undefined, 'HMAC_SHA256_HEX')).toBe(false);
    expect(digestMatches('webhook-secret-1', body, sha1, 'HMAC_SHA1_HEX')).toBe(false);
    expect(digestMatches('webhook-secret-1', body, good, 'toString')).toBe(false);
  });

  it('reads a signed applicantReviewed RED/FINAL as a final rejection with its comment, and refuses it unsigned', () => {
    const payload = Buffer.from(
      JSON.stringify({
        type: 'applicantReviewed',
        applicantId: 'a1',
        correlationId: 'req-1',
        createdAtMs: '2026-11-29 08:00:00.123',
        reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', moderationComment: 'Forged document' },
      }),
    );
    const headers = (digest: string | undefined) => (name: string) =>
      name === 'x-payload-digest' ? digest : name === 'x-payload-digest-alg' ? 'HMAC_SHA256_HEX' : undefined;
    const sumsub = provider(recordingFetch().fetch);

    const event = sumsub.readWebhook(payload, headers(payloadDigest('webhook-secret-1', 'HMAC_SHA256_HEX', payload)));

    expect(event).toEqual({
      eventId: 'req-1',
      createdAt: new Date('2026-11-29T08:00:00.123Z'),
      applicantId: 'a1',
      happened: { kind: 'reviewed', verdict: { answer: 'REJECTED', final: true, reason: 'Forged document' } },
    });
    expect(sumsub.readWebhook(payload, headers(undefined))).toBeUndefined();
  });
});
