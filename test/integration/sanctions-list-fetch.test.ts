import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { awsClientConfig } from '#shared/events/aws-clients.ts';
import { bucketStore } from '#shared/screening/bucket-source.ts';
import { fetchLists, parseListUrls } from '#shared/screening/fetch-lists.ts';
import { LIST_FIXTURE_FILES, listFixture } from '#test/support/screening/list-fixtures.ts';

/**
 * The scheduled fetch of the official files, against a loopback HTTP server standing in for OFAC, the UN and the
 * EU, into the bucket's `lists/` through S3's API (fauxqs, as `npm start` serves documents): a list that parses is
 * stored once per change; one that fails to download or to parse is not stored, so its previous version stays.
 */
const endpoint = inject('documentStoreEndpoint');
const bucket = inject('documentsBucket');
const s3 = new S3Client({ ...awsClientConfig('eu-central-1', endpoint), forcePathStyle: true });
// Its own prefix: the bucket's `lists/` is the reader's test's (sanctions-list-bucket.test.ts), which may run alongside.
const PREFIX = 'lists-fetched/';
const served = new Map<string, string>(LIST_FIXTURE_FILES.map((name) => [name, listFixture(name)]));
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const text = served.get((req.url ?? '').slice(1));
    if (text === undefined) {
      res.writeHead(404).end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  for (const name of LIST_FIXTURE_FILES) {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${PREFIX}${name}` }));
  }
  s3.destroy();
});

const stored = async (name: string) => {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `${PREFIX}${name}` }));
  return object.Body?.transformToString('utf-8');
};

describe('the sanctions list fetch', () => {
  it('stores each list that parses once per change, and keeps the previous version of one that fails', async () => {
    const urls = parseListUrls(LIST_FIXTURE_FILES.map((name) => `${name}=${base}/${name}`).join(','));
    const store = bucketStore(bucket, 'eu-central-1', endpoint, PREFIX);

    const first = await fetchLists({ urls, store });
    expect(first.failed).toEqual([]);
    expect(first.stored.map((list) => list.list).sort()).toEqual(['EU_CONSOLIDATED', 'OFAC_SDN', 'UN_CONSOLIDATED']);
    expect(await stored('sdn.csv')).toBe(listFixture('sdn.csv'));

    const again = await fetchLists({ urls, store });
    expect(again).toEqual({
      stored: [],
      unchanged: expect.arrayContaining(['OFAC_SDN', 'UN_CONSOLIDATED']),
      failed: [],
    });

    served.set('consolidated.xml', '<CONSOLIDATED_LIST dateGenerated="2026-12-01"><INDIVIDUALS>');
    served.delete('alt.csv');
    const broken = await fetchLists({ urls, store });
    expect(broken.stored).toEqual([]);
    expect(broken.unchanged).toEqual(['EU_CONSOLIDATED']);
    expect(broken.failed).toEqual([
      expect.objectContaining({ list: 'OFAC_SDN', file: 'alt.csv', reason: expect.stringContaining('HTTP 404') }),
      expect.objectContaining({ list: 'UN_CONSOLIDATED', reason: expect.stringContaining('not well-formed XML') }),
    ]);
    expect(await stored('consolidated.xml')).toBe(listFixture('consolidated.xml'));
    expect(await stored('alt.csv')).toBe(listFixture('alt.csv'));
  });

  it('refuses a configuration that is not file=url pairs of list files', () => {
    expect(() => parseListUrls('notes.txt=https://example.org/notes.txt')).toThrow(/OFAC CSV name or an .xml/);
    expect(() => parseListUrls('sdn.csv=ftp://example.org/SDN.CSV')).toThrow(/not an http\(s\) URL/);
    expect(parseListUrls(' SDN.CSV=https://example.org/SDN.CSV ,')).toEqual(
      new Map([['sdn.csv', 'https://example.org/SDN.CSV']]),
    );
  });
});
