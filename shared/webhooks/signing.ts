import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the secret's base64-decoded bytes. Receivers verify
 * them with the `standardwebhooks` or `svix` libraries.
 */
export const SECRET_PREFIX = 'whsec_';

/** 32 random bytes: the upper end of the 24-64 bytes the specification recommends. */
const SECRET_BYTES = 32;

export const generateSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

const keyOf = (secret: string): Buffer => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

export function sign(secret: string, input: { id: string; timestamp: number; body: string }): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${input.id}.${input.timestamp}.${input.body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The three headers of one attempt. Every secret in `secrets` signs (after a rotation: the new one and,
 * for 24 hours, the old one), space-separated, so a receiver holding either verifies.
 */
export function webhookHeaders(input: {
  id: string;
  timestamp: number;
  body: string;
  secrets: readonly string[];
}): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': input.secrets.map((secret) => sign(secret, input)).join(' '),
  };
}
