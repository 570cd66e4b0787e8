import { randomBase62, sha256Hex } from '#shared/ids.ts';
import type { Environment } from '#shared/organizations/records.ts';

/** 43 base62 characters carry about 256 bits of entropy; the contract asks for at least 32. */
const KEY_RANDOM_LENGTH = 43;

export const API_KEY_PATTERN = /^sk_(sandbox|live)_[0-9A-Za-z]{32,128}$/;

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
const NAMING_KEY = new RegExp(`^sk_(?:sandbox|live)_([0-9a-f]{32})[0-9A-Za-z]{${KEY_RANDOM_LENGTH}}$`);

/**
 * `sk_<environment>_<organization id: 32 hex digits><43 random base62>`: a key names its organization, so
 * authentication reads the key and its organization in one round trip (shared/http/auth.ts). The id is no secret
 * (and only a hint: authentication trusts the key item, never the name); the random part alone makes the key,
 * and it stays last, where the hint shows it. Without an organization id (or with one that is not a UUID), a key
 * names nothing, like the keys issued before keys named their organization, which keep working.
 */
export function generateApiKey(environment: Environment, organizationId?: string): string {
  const uuid = UUID.exec(organizationId ?? '');
  const named = uuid ? uuid.slice(1).join('') : '';
  return `sk_${environment}_${named}${randomBase62(KEY_RANDOM_LENGTH)}`;
}

/** The organization id a key names, or undefined for a key that names none. */
export function organizationIdOfApiKey(apiKey: string): string | undefined {
  const hex = NAMING_KEY.exec(apiKey)?.[1];
  if (!hex) return undefined;
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
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
