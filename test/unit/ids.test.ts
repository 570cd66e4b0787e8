import { describe, expect, it } from 'vitest';
import { newId, randomBase62, sha256Hex, UUID_PATTERN } from '#shared/ids.ts';

describe('randomBase62', () => {
  it.each([0, 1, 24, 43, 200])('returns exactly %i characters', (length) => {
    expect(randomBase62(length)).toHaveLength(length);
  });

  it('uses only the 62 base62 characters', () => {
    const sample = randomBase62(5000);

    expect(sample).toMatch(/^[0-9A-Za-z]+$/);
  });

  it('uses the whole alphabet over a large sample', () => {
    const sample = randomBase62(20_000);

    expect(new Set(sample).size).toBe(62);
  });

  it('does not repeat itself', () => {
    expect(randomBase62(43)).not.toBe(randomBase62(43));
  });
});

describe('newId', () => {
  it('returns UUID v4 strings', () => {
    const id = newId();

    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe('4');
  });
});

describe('sha256Hex', () => {
  it('returns the lower-case hex SHA-256 of the UTF-8 text', () => {
    // Known vector: SHA-256("abc").
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
