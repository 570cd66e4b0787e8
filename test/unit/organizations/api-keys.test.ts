import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  apiKeyHint,
  bearerToken,
  generateApiKey,
  hashApiKey,
} from '#shared/organizations/api-keys.ts';

const VALID_KEY = `sk_live_${'Ab3'.repeat(11)}`; // 33 base62 characters

describe('generateApiKey', () => {
  it('makes sandbox keys sk_sandbox_ followed by at least 32 base62 characters', () => {
    const key = generateApiKey('sandbox');

    expect(key).toMatch(/^sk_sandbox_[0-9A-Za-z]{32,}$/);
  });

  it('makes live keys sk_live_ followed by at least 32 base62 characters', () => {
    const key = generateApiKey('live');

    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
  });

  it('makes keys that its own format check and bearer parsing accept', () => {
    const key = generateApiKey('live');

    expect(API_KEY_PATTERN.test(key)).toBe(true);
    expect(bearerToken(`Bearer ${key}`)).toBe(key);
  });

  it('never makes the same key twice', () => {
    const keys = new Set(Array.from({ length: 50 }, () => generateApiKey('sandbox')));

    expect(keys.size).toBe(50);
  });
});

describe('hashApiKey', () => {
  it('is the lower-case hex SHA-256 of the key', () => {
    const expected = createHash('sha256').update(VALID_KEY).digest('hex');

    const hash = hashApiKey(VALID_KEY);

    expect(hash).toBe(expected);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for keys that differ in one character', () => {
    expect(hashApiKey(`${VALID_KEY}a`)).not.toBe(hashApiKey(`${VALID_KEY}b`));
  });
});

describe('apiKeyHint', () => {
  it('keeps the prefix and the last four characters, nothing of the secret middle', () => {
    const key = 'sk_live_0123456789abcdefghijklmnopqrstuvWXYZ';

    expect(apiKeyHint(key)).toBe('sk_live_…WXYZ');
  });
});

describe('bearerToken', () => {
  it('returns the key of a well-formed Bearer header', () => {
    expect(bearerToken(`Bearer ${VALID_KEY}`)).toBe(VALID_KEY);
  });

  it('accepts the scheme in any case', () => {
    expect(bearerToken(`bearer ${VALID_KEY}`)).toBe(VALID_KEY);
    expect(bearerToken(`BEARER ${VALID_KEY}`)).toBe(VALID_KEY);
  });

  it('accepts a sandbox key with exactly 32 random characters', () => {
    const key = `sk_sandbox_${'x'.repeat(32)}`;

    expect(bearerToken(`Bearer ${key}`)).toBe(key);
  });

  it.each([
    ['a missing header', undefined],
    ['an empty header', ''],
    ['the scheme alone', 'Bearer'],
    ['the scheme and a blank', 'Bearer '],
    ['another scheme', `Basic ${VALID_KEY}`],
    ['a key without a scheme', VALID_KEY],
    ['an unknown environment', `Bearer sk_test_${'x'.repeat(40)}`],
    ['too few random characters', `Bearer sk_live_${'x'.repeat(31)}`],
    ['too many random characters', `Bearer sk_live_${'x'.repeat(129)}`],
    ['characters outside base62', `Bearer sk_live_${'x'.repeat(31)}-`],
    ['two tokens', `Bearer ${VALID_KEY} ${VALID_KEY}`],
    ['garbage', 'Bearer %%%not-a-key%%%'],
    ['a JWT', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('returns nothing for %s', (_case, header) => {
    expect(bearerToken(header)).toBeUndefined();
  });
});
