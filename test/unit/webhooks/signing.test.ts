import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSecret, sign, webhookHeaders } from '#shared/webhooks/signing.ts';

const BODY = JSON.stringify({ event_id: 'evt-1', event_type: 'customer.created', data: { customer_id: 'c-1' } });
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Standard Webhooks signing', () => {
  it('makes secrets of whsec_ and base64 of 32 random bytes, never the same twice', () => {
    const a = generateSecret();
    const b = generateSecret();

    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('signs so that the standardwebhooks library verifies the body', () => {
    const secret = generateSecret();
    const headers = webhookHeaders({ id: 'evt-1', timestamp: nowSeconds(), body: BODY, secrets: [secret] });

    const verified = new Webhook(secret).verify(BODY, headers);

    expect(verified).toEqual(JSON.parse(BODY));
    expect(headers['webhook-id']).toBe('evt-1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it("computes exactly the library's own signature", () => {
    const secret = generateSecret();
    const timestamp = nowSeconds();

    const ours = sign(secret, { id: 'evt-2', timestamp, body: BODY });

    expect(ours).toBe(new Webhook(secret).sign('evt-2', new Date(timestamp * 1000), BODY));
  });

  it('fails verification for a changed body, another id or another secret', () => {
    const secret = generateSecret();
    const headers = webhookHeaders({ id: 'evt-1', timestamp: nowSeconds(), body: BODY, secrets: [secret] });

    expect(() => new Webhook(secret).verify(`${BODY} `, headers)).toThrow();
    expect(() => new Webhook(secret).verify(BODY, { ...headers, 'webhook-id': 'evt-9' })).toThrow();
    expect(() => new Webhook(generateSecret()).verify(BODY, headers)).toThrow();
  });

  it('signs with both secrets after a rotation, so a receiver holding either one verifies', () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    const headers = webhookHeaders({ id: 'evt-3', timestamp: nowSeconds(), body: BODY, secrets: [current, previous] });

    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(new Webhook(previous).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(generateSecret()).verify(BODY, headers)).toThrow();
  });
});
