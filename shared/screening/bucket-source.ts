import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { awsClientConfig } from '#shared/events/aws-clients.ts';
import type { ListSource } from '#shared/screening/lists-in-force.ts';

/** Where the fetcher puts the official files in the versioned bucket; each key holds the newest version. */
export const LISTS_PREFIX = 'lists/';

/**
 * The list files of the sanctions bucket (AWS): the newest version of every object under `lists/`. The fingerprint
 * is the listing's ETags, so a function downloads the files only when the fetcher wrote a new version.
 */
export function bucketSource(bucket: string, region: string, endpoint?: string): ListSource {
  const client = new S3Client({ ...awsClientConfig(region, endpoint), forcePathStyle: endpoint !== undefined });
  const listing = async () => {
    const objects: { key: string; etag: string; lastModified: Date | undefined }[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: LISTS_PREFIX, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        objects.push({ key: object.Key ?? '', etag: object.ETag ?? '', lastModified: object.LastModified });
      }
      token = page.NextContinuationToken;
    } while (token);
    return objects.filter(({ key }) => key !== LISTS_PREFIX);
  };
  return {
    describe: `s3://${bucket}/${LISTS_PREFIX}`,
    fingerprint: async () =>
      (await listing())
        .map(({ key, etag }) => `${key}:${etag}`)
        .sort()
        .join('|'),
    read: async () => {
      const files = new Map<string, string>();
      for (const { key } of await listing()) {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        files.set(key.slice(LISTS_PREFIX.length), (await object.Body?.transformToString('utf-8')) ?? '');
      }
      return files;
    },
    modified: async () =>
      new Map(
        (await listing()).flatMap(({ key, lastModified }) =>
          lastModified ? [[key.slice(LISTS_PREFIX.length), lastModified] as [string, Date]] : [],
        ),
      ),
  };
}

/** Where the fetcher keeps the official files: each a key whose versions the bucket keeps. */
export type ListStore = {
  /** The SHA-256 of the file's newest version (its metadata), undefined when there is none. */
  storedDigest(name: string): Promise<string | undefined>;
  put(name: string, text: string, sha256: string): Promise<void>;
};

/** The sanctions bucket's `lists/` as the fetcher writes it; the bucket is versioned, so each put is a new version. */
export function bucketStore(bucket: string, region: string, endpoint?: string, prefix = LISTS_PREFIX): ListStore {
  const client = new S3Client({ ...awsClientConfig(region, endpoint), forcePathStyle: endpoint !== undefined });
  return {
    storedDigest: async (name) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
        return head.Metadata?.sha256;
      } catch (error) {
        if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return undefined;
        throw error;
      }
    },
    put: async (name, text, sha256) => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${name}`,
          Body: text,
          ContentType: name.endsWith('.xml') ? 'application/xml' : 'text/csv',
          Metadata: { sha256 },
        }),
      );
    },
  };
}
