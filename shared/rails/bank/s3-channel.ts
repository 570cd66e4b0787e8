import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertFileName, type BankChannel, folderChannel } from '#shared/rails/bank/channel.ts';

/**
 * The bank channel in AWS: one private, encrypted, versioned bucket with the four places as prefixes. A report is
 * moved with a copy and a delete (versioning keeps every version of every object).
 */
export function bucketChannel(bucket: string, client: S3Client = new S3Client({})): BankChannel {
  const put = (key: string, body: string) =>
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
  const list = async (prefix: string) => {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length);
        if (name && !name.includes('/')) names.push(name);
      }
      token = page.NextContinuationToken;
    } while (token);
    return names.sort();
  };
  const move = async (name: string, to: string) => {
    assertFileName(name);
    await client.send(
      new CopyObjectCommand({ Bucket: bucket, CopySource: `${bucket}/inbox/${name}`, Key: `${to}/${name}` }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `inbox/${name}` }));
  };
  const named = (name: string) => {
    assertFileName(name);
    return name;
  };
  return {
    writeOutbox: async (name, body) => {
      await put(`outbox/${named(name)}`, body);
    },
    readOutbox: (name) => get(`outbox/${named(name)}`),
    listOutbox: () => list('outbox/'),
    writeInbox: async (name, body) => {
      await put(`inbox/${named(name)}`, body);
    },
    listInbox: () => list('inbox/'),
    readInbox: (name) => get(`inbox/${named(name)}`),
    archive: (name) => move(name, 'processed'),
    quarantine: async (name, error) => {
      await put(`quarantine/${named(name)}.error.txt`, `${error}\n`);
      await move(name, 'quarantine');
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
