import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The server's side of AWS Signature Version 4 (header form, `AWS4-HMAC-SHA256`), for the local stand-ins of AWS
 * services that hold something worth stealing: the request is signed again with the one secret the stand-in knows
 * and refused, in the terms AWS answers with, unless the signatures match. The payload is hashed from the body
 * received, so a signature never covers another body.
 */

export type AwsCredentials = { accessKeyId: string; secretAccessKey: string };

export type SigV4Refusal = {
  type:
    | 'MissingAuthenticationTokenException'
    | 'IncompleteSignatureException'
    | 'UnrecognizedClientException'
    | 'InvalidSignatureException';
  message: string;
};

/** AWS refuses a request signed more than five minutes before or after its own time. */
const CLOCK_SKEW_MS = 5 * 60_000;

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;_.-]+),\s*Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** Credentials drawn at each start: a stand-in's callers know them only if the service handed them over. */
export function drawCredentials(): AwsCredentials {
  return {
    accessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64'),
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 escaping, as SigV4 canonicalizes paths and query strings. */
const escapeUri = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The path normalized and encoded once more, as every service but S3 signs it. */
function canonicalPath(path: string) {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = segments.length > 0 && path.endsWith('/') ? '/' : '';
  return `/${segments.map(escapeUri).join('/')}${trailing}`;
}

function canonicalQuery(query: string) {
  return [...new URLSearchParams(query)]
    .map(([key, value]) => `${escapeUri(key)}=${escapeUri(value)}`)
    .sort()
    .join('&');
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');

/** The request's SigV4 signature checked against `credentials` for `service`; `undefined` when it holds. */
export function sigV4Refusal(
  request: IncomingMessage,
  body: Buffer,
  credentials: AwsCredentials,
  service: string,
  now = new Date(),
): SigV4Refusal | undefined {
  const authorization = request.headers.authorization;
  if (!authorization) return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const parsed = AUTHORIZATION.exec(authorization);
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const dateParts = AMZ_DATE.exec(amzDate);
  if (!parsed || !dateParts) {
    return {
      type: 'IncompleteSignatureException',
      message: 'Authorization header requires Credential, SignedHeaders and Signature, and X-Amz-Date is required.',
    };
  }
  const [, accessKeyId, day = '', region = '', scopeService = '', signedHeaderList = '', signature = ''] = parsed;
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
    return { type: 'IncompleteSignatureException', message: "'Host' and 'X-Amz-Date' must be signed headers." };
  }
  if (accessKeyId !== credentials.accessKeyId) {
    return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  }
  if (scopeService !== service) {
    return {
      type: 'InvalidSignatureException',
      message: `Credential should be scoped to correct service: '${service}'.`,
    };
  }
  const [year = 0, month = 0, date = 0, hours = 0, minutes = 0, seconds = 0] = dateParts.slice(1).map(Number);
  const signedAt = Date.UTC(year, month - 1, date, hours, minutes, seconds);
  if (!amzDate.startsWith(day) || Math.abs(now.getTime() - signedAt) > CLOCK_SKEW_MS) {
    return {
      type: 'InvalidSignatureException',
      message: `Signature expired or not yet valid: ${amzDate} is more than 5 minutes from ${now.toISOString()}.`,
    };
  }

  const [path = '/', query = ''] = (request.url ?? '/').split('?', 2);
  const canonicalRequest = [
    request.method ?? '',
    canonicalPath(path),
    canonicalQuery(query),
    ...signedHeaders.map((name) => `${name}:${headerValue(request.headers[name])}`),
    '',
    signedHeaderList,
    sha256(body),
  ].join('\n');
  const scope = `${day}/${region}/${scopeService}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = [day, region, scopeService, 'aws4_request'].reduce<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return {
      type: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret ' +
        'Access Key and signing method. Consult the service documentation for details.',
    };
  }
  return undefined;
}
