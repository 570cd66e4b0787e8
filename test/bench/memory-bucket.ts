import { NoSuchKey, S3Client } from '@aws-sdk/client-s3';

/** The S3 request classes S3 bills at different prices (aws.amazon.com/s3/pricing/); DELETE is free. */
export type S3RequestClass = 'putCopyList' | 'get';

/**
 * One bucket in memory behind every S3Client of this process (the client's `send` is replaced, so the real S3
 * channel runs unchanged): answers PUT, GET, LIST, COPY and DELETE, and tells `bill` each request's class and key.
 * `storedBytes` counts what a versioned bucket keeps: every PUT and COPY, never freed by a DELETE.
 */
export function installMemoryBucket(bucket: string, bill: (kind: S3RequestClass, key: string) => void) {
  const objects = new Map<string, string>();
  const state = { objects, storedBytes: 0 };
  S3Client.prototype.send = async function send(command: { input: Record<string, unknown> }) {
    const input = command.input as { Key?: string; Body?: string | Uint8Array; Prefix?: string; CopySource?: string };
    const key = String(input.Key ?? '');
    switch (command.constructor.name) {
      case 'PutObjectCommand': {
        bill('putCopyList', key);
        // A body of bytes (a decrypted report) is kept as the text it holds, as a string body is.
        const body = typeof input.Body === 'string' ? input.Body : Buffer.from(input.Body ?? '').toString('utf8');
        objects.set(key, body);
        state.storedBytes += Buffer.byteLength(body);
        return {};
      }
      case 'GetObjectCommand': {
        bill('get', key);
        const body = objects.get(key);
        if (body === undefined) throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} });
        return {
          ContentLength: Buffer.byteLength(body),
          Body: { transformToString: async () => body, transformToByteArray: async () => Buffer.from(body) },
        };
      }
      case 'ListObjectsV2Command': {
        bill('putCopyList', String(input.Prefix ?? ''));
        const prefix = String(input.Prefix ?? '');
        return { Contents: [...objects.keys()].filter((k) => k.startsWith(prefix)).map((k) => ({ Key: k })) };
      }
      case 'CopyObjectCommand': {
        bill('putCopyList', key);
        const body = objects.get(decodeURIComponent(String(input.CopySource).slice(bucket.length + 1))) ?? '';
        objects.set(key, body);
        state.storedBytes += Buffer.byteLength(body);
        return {};
      }
      case 'DeleteObjectCommand':
        objects.delete(key);
        return {};
      default:
        throw new Error(`the bench's bucket does not answer ${command.constructor.name}`);
    }
  } as typeof S3Client.prototype.send;
  return state;
}
