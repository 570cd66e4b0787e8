import { createHash, randomBytes, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const newId = (): string => randomUUID();

/** Unbiased random base62 string (rejection sampling over random bytes). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes at or above it would bias the first characters.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Hex SHA-256 of a string (as UTF-8) or of bytes. */
export const sha256Hex = (value: string | Buffer): string =>
  (typeof value === 'string' ? createHash('sha256').update(value, 'utf8') : createHash('sha256').update(value)).digest(
    'hex',
  );

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
