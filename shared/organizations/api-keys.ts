import { randomBase62, sha256Hex } from '#shared/ids.ts';
import type { Environment } from '#shared/organizations/organization.ts';

/** 43 base62 characters carry about 256 bits of entropy; the contract asks for at least 32. */
const KEY_RANDOM_LENGTH = 43;

export const API_KEY_PATTERN = /^sk_(sandbox|live)_[0-9A-Za-z]{32,128}$/;

export function generateApiKey(environment: Environment): string {
  return `sk_${environment}_${randomBase62(KEY_RANDOM_LENGTH)}`;
}

/** Only this hash is stored; the key itself is shown once, when it is created. */
export const hashApiKey = (apiKey: string): string => sha256Hex(apiKey);

/** A short, non-secret hint to tell keys apart in listings (`sk_live_…abcd`). */
export const apiKeyHint = (apiKey: string): string =>
  `${apiKey.slice(0, apiKey.lastIndexOf('_') + 1)}…${apiKey.slice(-4)}`;

/** `Authorization: Bearer <key>`, case-insensitive scheme; anything else is no key at all. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const token = match?.[1];
  return token && API_KEY_PATTERN.test(token) ? token : undefined;
}
