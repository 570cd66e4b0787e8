import { createHash, createHmac } from 'node:crypto';

/**
 * A presigned S3 GET (AWS Signature Version 4, query form, `UNSIGNED-PAYLOAD`), so a reviewer's browser fetches a
 * document from the bucket itself for `expiresInS` seconds and no function ever relays its bytes. Written here
 * rather than taken from `@aws-sdk/s3-request-presigner` (not a dependency): a GET with only `host` signed.
 */
export type PresignCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };

export type PresignInput = {
  credentials: PresignCredentials;
  region: string;
  bucket: string;
  key: string;
  /** A path-style endpoint (locally); without, the bucket's virtual-hosted AWS address. */
  endpoint?: string | undefined;
  expiresInS: number;
  now: Date;
  /** Asks S3 to answer with these headers (`response-content-type`, `response-content-disposition`). */
  responseHeaders?: Record<string, string>;
};

/** RFC 3986 escaping, as SigV4 wants it (`encodeURIComponent` leaves `!'()*` alone). */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

function target(input: PresignInput): { origin: URL; path: string } {
  const objectPath = input.key.split('/').map(rfc3986).join('/');
  if (input.endpoint) {
    const origin = new URL(input.endpoint);
    const base = origin.pathname.replace(/\/$/, '');
    return { origin, path: `${base}/${rfc3986(input.bucket)}/${objectPath}` };
  }
  return { origin: new URL(`https://${input.bucket}.s3.${input.region}.amazonaws.com`), path: `/${objectPath}` };
}

export function presignGetUrl(input: PresignInput): string {
  const { origin, path } = target(input);
  return `${origin.protocol}//${origin.host}${signedPathAndQuery({ ...input, host: origin.host, path })}`;
}

/**
 * The signed path and query of a GET of `path` at `host`: SigV4's canonical request (only `host` signed, the payload
 * unsigned), its string to sign and the signature, as AWS's "Authenticating Requests: Using Query Parameters"
 * describes them.
 */
export function signedPathAndQuery(
  input: Omit<PresignInput, 'bucket' | 'key' | 'endpoint'> & { host: string; path: string },
): string {
  const { host, path } = input;
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${input.credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(input.expiresInS),
    'X-Amz-SignedHeaders': 'host',
    ...(input.credentials.sessionToken ? { 'X-Amz-Security-Token': input.credentials.sessionToken } : {}),
    ...input.responseHeaders,
  };
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${rfc3986(name)}=${rfc3986(query[name] ?? '')}`)
    .join('&');
  const canonicalRequest = ['GET', path, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region),
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
