import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Sumsub's two signatures (https://docs.sumsub.com/reference/authentication,
 * https://docs.sumsub.com/docs/webhook-manager): a request to its API carries `X-App-Token`, `X-App-Access-Ts` (Unix
 * seconds) and `X-App-Access-Sig`, the lower-case hex HMAC-SHA256, with the app token's secret key, of the timestamp,
 * the upper-case method, the path with its query and the body exactly as sent; a webhook it sends carries
 * `X-Payload-Digest`, the hex HMAC of the raw body with the webhook's secret, and `X-Payload-Digest-Alg` naming it.
 * Pure: the stand-in (infra/local/sumsub.ts) checks with the same functions.
 */

export type SignedRequest = { method: string; path: string; body: string; ts: number };

/** `X-App-Access-Sig` of a request: HMAC-SHA256 hex of `ts + METHOD + path?query + body`. */
export function requestSignature(secretKey: string, request: SignedRequest): string {
  return createHmac('sha256', secretKey)
    .update(`${request.ts}${request.method.toUpperCase()}${request.path}`)
    .update(request.body)
    .digest('hex');
}

/** The three headers of a signed request. */
export function signedHeaders(credentials: { appToken: string; secretKey: string }, request: SignedRequest) {
  return {
    'X-App-Token': credentials.appToken,
    'X-App-Access-Ts': String(request.ts),
    'X-App-Access-Sig': requestSignature(credentials.secretKey, request),
  };
}

/**
 * The digest algorithms a webhook may name, with Node's hash. Sumsub also offers HMAC_SHA1_HEX for old webhooks; a
 * webhook configured with it is refused (configure SHA256, the default, or SHA512).
 */
export const DIGEST_ALGORITHMS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

export function payloadDigest(secret: string, algorithm: DigestAlgorithm, body: Buffer | string): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(body).digest('hex');
}

/**
 * Whether `digest` is the body's digest under `algorithm` (absent: HMAC_SHA256_HEX, Sumsub's default), compared in
 * constant time. Any other algorithm, a digest of another length or not hex is false.
 */
export function digestMatches(
  secret: string,
  body: Buffer,
  digest: string | undefined,
  algorithm: string | undefined,
): boolean {
  const alg = (algorithm ?? 'HMAC_SHA256_HEX') as DigestAlgorithm;
  if (!digest || !Object.hasOwn(DIGEST_ALGORITHMS, alg) || !/^[0-9a-fA-F]+$/.test(digest)) return false;
  const expected = Buffer.from(payloadDigest(secret, alg, body), 'hex');
  const given = Buffer.from(digest, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
