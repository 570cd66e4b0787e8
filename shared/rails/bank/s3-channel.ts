import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertFileName,
  type BankChannel,
  folderChannel,
  type InboxRead,
  isFileName,
  outboxPrefix,
  quarantineName,
  quarantineNote,
} from '#shared/rails/bank/channel.ts';

/**
 * The bank channel in AWS: one private, encrypted, versioned bucket with the places as prefixes. A report is
 * moved with a copy and a delete (versioning keeps every version of every object).
 */
export function bucketChannel(bucket: string, client: S3Client = new S3Client({})): BankChannel {
  const put = (key: string, body: string | Uint8Array) =>
    client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/xml' }));
  const get = async (key: string) => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return await object.Body?.transformToString('utf-8');
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  };
  /** Names under `prefix`; `nested` also those with a `/` (the inbox lists them, so they are quarantined). */
  const list = async (prefix: string, nested = false) => {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length);
        if (name && (nested || !name.includes('/'))) names.push(name);
      }
      token = page.NextContinuationToken;
    } while (token);
    return names.sort();
  };
  const move = async (name: string, to: string, as: string) => {
    // CopySource is a URL path: the key is encoded, so any name (`..%2F..`, a backslash) names its own object.
    const source = `${bucket}/${encodeURIComponent(`inbox/${name}`).replace(/%2F/g, '/')}`;
    await client.send(new CopyObjectCommand({ Bucket: bucket, CopySource: source, Key: `${to}/${as}` }));
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `inbox/${name}` }));
  };
  const named = (name: string) => {
    assertFileName(name);
    return name;
  };
  return {
    writeOutbox: async (scope, name, body) => {
      await put(`${outboxPrefix(scope)}/${named(name)}`, body);
    },
    readOutbox: (scope, name) => get(`${outboxPrefix(scope)}/${named(name)}`),
    listOutbox: (scope) => list(`${outboxPrefix(scope)}/`),
    writeInbox: async (name, body) => {
      await put(`inbox/${named(name)}`, body);
    },
    listInbox: () => list('inbox/', true),
    readInbox: async (name, maxBytes): Promise<InboxRead> => {
      if (!isFileName(name)) return { state: 'unsafeName' };
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `inbox/${name}` }));
      } catch (error) {
        if (error instanceof NoSuchKey) return { state: 'missing' };
        throw error;
      }
      // The size is in the response's headers: an object over the limit is refused before its body is read.
      const size = object.ContentLength ?? 0;
      if (size > maxBytes) {
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return { state: 'tooLarge', size };
      }
      const body = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      if (body.length > maxBytes) return { state: 'tooLarge', size: body.length };
      return { state: 'report', body };
    },
    archive: (name) => move(named(name), 'processed', name),
    quarantine: async (name, error) => {
      const as = quarantineName(name);
      await put(`quarantine/${as}.error.txt`, quarantineNote(name, error));
      await move(name, 'quarantine', as);
      return as;
    },
    writeQuarantine: async (name, body, error) => {
      await put(`quarantine/${named(name)}.error.txt`, quarantineNote(name, error));
      await put(`quarantine/${name}`, body);
    },
    listQuarantine: async () => (await list('quarantine/')).filter((name) => !name.endsWith('.error.txt')),
  };
}

let cached: { key: string; channel: BankChannel } | undefined;

/** The process's channel: the bucket when `BANK_CHANNEL_BUCKET` is set (AWS), else the folder (`npm start`). */
export function bankChannel(config: { bank: { bucket: string | undefined; dir: string | undefined } }) {
  const key = `${config.bank.bucket ?? ''}|${config.bank.dir ?? ''}`;
  if (cached?.key === key) return cached.channel;
  let channel: BankChannel;
  if (config.bank.bucket) channel = bucketChannel(config.bank.bucket);
  else if (config.bank.dir) channel = folderChannel(config.bank.dir);
  else throw new Error('No bank channel: set BANK_CHANNEL_BUCKET (AWS) or BANK_CHANNEL_DIR (locally)');
  cached = { key, channel };
  return channel;
}
