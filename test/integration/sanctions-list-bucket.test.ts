import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { awsClientConfig } from '#shared/events/aws-clients.ts';
import { bucketSource, LISTS_PREFIX } from '#shared/screening/bucket-source.ts';
import { ListsInForce } from '#shared/screening/lists-in-force.ts';
import { allListFixtures } from '#test/support/screening/list-fixtures.ts';

/**
 * The lists in AWS: the newest objects under `lists/` of the sanctions bucket, read through S3's API (fauxqs here,
 * as `npm start` serves documents), loaded when their ETags change and kept when a new version fails to parse.
 */
const endpoint = inject('documentStoreEndpoint');
const bucket = inject('documentsBucket');
const s3 = new S3Client({ ...awsClientConfig('eu-central-1', endpoint), forcePathStyle: true });
const written: string[] = [];

async function put(name: string, body: string) {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${LISTS_PREFIX}${name}`, Body: body }));
  written.push(name);
}

afterAll(async () => {
  for (const name of written) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${LISTS_PREFIX}${name}` }));
  s3.destroy();
});

describe('sanctions lists read from the bucket', () => {
  it('loads every list of the bucket, and keeps a list whose new version fails in its previous version', async () => {
    for (const [name, text] of allListFixtures()) await put(name, text);
    const changes: { loaded: string[]; failed: string[] }[] = [];
    const lists = new ListsInForce(bucketSource(bucket, 'eu-central-1', endpoint), {
      refreshSeconds: 60,
      onChange: ({ loaded, failures }) => {
        changes.push({ loaded: loaded.map((list) => list.list), failed: failures.map((failure) => failure.reason) });
      },
    });
    const index = await lists.reload();
    expect(
      lists
        .lists()
        .map((list) => list.list)
        .sort(),
    ).toEqual(['EU_CONSOLIDATED', 'OFAC_SDN', 'UN_CONSOLIDATED']);
    expect(index.screenName('Golden Crescent Trading LLC')[0]?.entryId).toBe('12011');

    await put('consolidated.xml', '<CONSOLIDATED_LIST dateGenerated="2026-12-01"><INDIVIDUALS>');
    const after = await lists.reload();
    expect(lists.lists().find((list) => list.list === 'UN_CONSOLIDATED')?.version).toBe('2026-11-27T17:10:03.533Z');
    expect(after.screenName('Ryom Chol Song')[0]?.entryId).toBe('KPi.901');
    expect(changes.at(-1)).toEqual({ loaded: [], failed: [expect.stringContaining('not well-formed XML')] });

    await lists.reload();
    expect(changes).toHaveLength(2);
  });

  it("gives each file's newest version's time by the names it reads them under (the doctor's list age)", async () => {
    const before = Date.now() - 60_000;
    await put('sdn.csv', allListFixtures().get('sdn.csv') ?? '');
    const source = bucketSource(bucket, 'eu-central-1', endpoint);

    const modified = await source.modified();

    expect([...(await source.read()).keys()]).toContain('sdn.csv');
    expect(modified.get('sdn.csv')?.getTime()).toBeGreaterThan(before);
    expect(modified.get('sdn.csv')?.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});
