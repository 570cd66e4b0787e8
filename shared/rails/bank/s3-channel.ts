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
  type ChannelScope,
  folderChannel,
  type InboxRead,
  inboxPrefix,
  isFileName,
  isScopeId,
  outboxPrefix,
  quarantineName,
  quarantineNote,
  sentPrefix,
} from '#shared/rails/bank/channel.ts';

/** Names under `prefix`; `nested` also those with a `/` (the inbox lists them, so they are quarantined). */
async function listNames(client: S3Client, bucket: string, prefix: string, nested: boolean) {
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
}

/** The scopes with something under `<environment>/<organizationId>/` (one level of common prefixes each). */
async function scopesOf(client: S3Client, bucket: string) {
  const found: ChannelScope[] = [];
  for (const environment of ['sandbox', 'live'] as const) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: `${environment}/`,
          Delimiter: '/',
          ContinuationToken: token,
        }),
      );
      for (const common of page.CommonPrefixes ?? []) {
        const organizationId = common.Prefix?.slice(environment.length + 1, -1) ?? '';
        if (isScopeId(organizationId)) found.push({ environment, organizationId });
      }
      token = page.NextContinuationToken;
    } while (token);
  }
  return found;
}

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
  const list = (prefix: string, nested = false) => listNames(client, bucket, prefix, nested);
  const inboxKey = (name: string, scope?: ChannelScope) => `${inboxPrefix(scope)}/${name}`;
  const moveObject = async (from: string, to: string) => {
    // CopySource is a URL path: the key is encoded, so any name (`..%2F..`, a backslash) names its own object.
    const source = `${bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`;
    await client.send(new CopyObjectCommand({ Bucket: bucket, CopySource: source, Key: to }));
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
  };
  const move = (name: string, scope: ChannelScope | undefined, to: string, as: string) =>
    moveObject(inboxKey(name, scope), `${to}/${as}`);
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
    markSent: async (scope, name) => {
      try {
        await moveObject(`${outboxPrefix(scope)}/${named(name)}`, `${sentPrefix(scope)}/${name}`);
      } catch (error) {
        // Moved by a concurrent run already: nothing left to do.
        if (!(error instanceof NoSuchKey) && (error as { name?: string }).name !== 'NoSuchKey') throw error;
      }
    },
    writeInbox: async (name, body, scope) => {
      await put(inboxKey(named(name), scope), body);
    },
    listInbox: (scope) => list(`${inboxPrefix(scope)}/`, true),
    listInboxScopes: () => scopesOf(client, bucket),
    readInbox: async (name, maxBytes, scope): Promise<InboxRead> => {
      if (!isFileName(name)) return { state: 'unsafeName' };
      let object: GetObjectCommandOutput;
      try {
        object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: inboxKey(name, scope) }));
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
    archive: (name, scope) => move(named(name), scope, 'processed', name),
    quarantine: async (name, error, scope) => {
      const as = quarantineName(name);
      await put(`quarantine/${as}.error.txt`, quarantineNote(name, error));
      await move(name, scope, 'quarantine', as);
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
