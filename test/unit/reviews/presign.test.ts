import { describe, expect, it } from 'vitest';
import { presignGetUrl, signedPathAndQuery } from '#shared/rails/documents/presign.ts';

/**
 * AWS's worked example of a presigned GET ("Authenticating Requests: Using Query Parameters (AWS Signature Version
 * 4)", Amazon S3 API reference): the example credentials, `examplebucket`, `test.txt`, 24 May 2013, one day.
 */
const EXAMPLE = {
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  region: 'us-east-1',
  expiresInS: 86400,
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('presigned S3 GETs', () => {
  it("signs AWS's example exactly as AWS documents it", () => {
    const signed = signedPathAndQuery({ ...EXAMPLE, host: 'examplebucket.s3.amazonaws.com', path: '/test.txt' });
    expect(signed).toBe(
      '/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('addresses the bucket by its virtual host in AWS and by path on a local endpoint, escaping the key', () => {
    const input = { ...EXAMPLE, bucket: 'docs', key: 'kyc-documents/o 1/c/d' };
    const aws = new URL(presignGetUrl(input));
    const local = new URL(presignGetUrl({ ...input, endpoint: 'http://127.0.0.1:4566' }));
    expect(`${aws.origin}${aws.pathname}`).toBe('https://docs.s3.us-east-1.amazonaws.com/kyc-documents/o%201/c/d');
    expect(`${local.origin}${local.pathname}`).toBe('http://127.0.0.1:4566/docs/kyc-documents/o%201/c/d');
  });

  it('carries the session token and the response headers under the signature', () => {
    const url = new URL(
      presignGetUrl({
        ...EXAMPLE,
        credentials: { ...EXAMPLE.credentials, sessionToken: 'token/with+signs' },
        bucket: 'docs',
        key: 'a',
        responseHeaders: { 'response-content-type': 'image/jpeg' },
      }),
    );
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('token/with+signs');
    expect(url.searchParams.get('response-content-type')).toBe('image/jpeg');
    const unsigned = presignGetUrl({ ...EXAMPLE, bucket: 'docs', key: 'a' });
    expect(new URL(unsigned).searchParams.get('X-Amz-Signature')).not.toBe(url.searchParams.get('X-Amz-Signature'));
  });
});
