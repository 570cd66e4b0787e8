import { timingSafeEqual } from 'node:crypto';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { presignGetUrl } from '#shared/rails/documents/presign.ts';

/**
 * S3's check of presigned URLs in front of the local document store (fauxqs checks no signature): a request that
 * carries `X-Amz-Signature` in its query is signed again with the store's one set of credentials and refused, in
 * S3's terms (403, an XML `Error`), when the signature differs or the link has expired, as S3 would. Everything
 * else (the SDK's own header-signed calls) passes through unchanged.
 */
export type PresignedGate = { endpoint: string; stop: () => Promise<void> };

/** S3 refuses a presigned URL valid for more than seven days. */
const MAX_EXPIRES_S = 7 * 24 * 3600;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

type Refusal = {
  code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError';
  message: string;
};

function refusalOf(url: URL, host: string, input: { region: string; accessKeyId: string; secretAccessKey: string }) {
  const query = url.searchParams;
  const date = AMZ_DATE.exec(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!date || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_S) {
    return { code: 'AuthorizationQueryParametersError', message: 'X-Amz-Date and X-Amz-Expires must be valid' };
  }
  const [, y, mo, d, h, mi, s] = date;
  const signedAt = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  const [bucket = '', ...key] = url.pathname.slice(1).split('/').map(decodeURIComponent);
  const responseHeaders = Object.fromEntries([...query].filter(([name]) => name.startsWith('response-')));
  const expected = new URL(
    presignGetUrl({
      credentials: { accessKeyId: input.accessKeyId, secretAccessKey: input.secretAccessKey },
      region: input.region,
      bucket,
      key: key.join('/'),
      endpoint: `http://${host}`,
      expiresInS: expires,
      now: signedAt,
      responseHeaders,
    }),
  );
  const sent = Buffer.from(query.get('X-Amz-Signature') ?? '');
  const wanted = Buffer.from(expected.searchParams.get('X-Amz-Signature') ?? '');
  const sameQuery = [...query.keys()].every((name) => expected.searchParams.has(name));
  if (!sameQuery || sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  if (Date.now() > signedAt.getTime() + expires * 1000) return { code: 'AccessDenied', message: 'Request has expired' };
  return undefined;
}

function refuse(res: ServerResponse, refusal: Refusal) {
  res.writeHead(403, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`,
  );
}

function pass(req: IncomingMessage, res: ServerResponse, target: URL) {
  const upstream = forward(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}

export async function startPresignedGate(input: {
  upstream: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<PresignedGate> {
  const target = new URL(input.upstream);
  const server = createServer((req, res) => {
    const host = req.headers.host ?? '';
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.searchParams.has('X-Amz-Signature')) {
      const refusal = refusalOf(url, host, input) as Refusal | undefined;
      if (refusal) return refuse(res, refusal);
    }
    pass(req, res, target);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
