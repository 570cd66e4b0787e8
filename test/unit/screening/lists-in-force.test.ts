import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { directorySource, type ListChange, ListsInForce } from '#shared/screening/lists-in-force.ts';
import { LIST_FIXTURES_DIR } from '#test/support/screening/list-fixtures.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function givenFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'sanctions-'));
  dirs.push(dir);
  return dir;
}

const drop = (dir: string, name: string) => copyFileSync(join(LIST_FIXTURES_DIR, name), join(dir, name));

describe('the lists in force from a folder', () => {
  it('takes a file dropped in the folder at the next look, no sooner than the refresh interval', async () => {
    const dir = givenFolder();
    let now = 0;
    const changes: ListChange[] = [];
    const lists = new ListsInForce(directorySource(dir), {
      refreshSeconds: 2,
      nowMs: () => now,
      onChange: (change) => {
        changes.push(change);
      },
    });
    expect((await lists.current()).size.entries).toBe(0);

    drop(dir, 'eu-consolidated.xml');
    now = 1_000;
    expect((await lists.current()).size.entries).toBe(0);
    now = 2_000;
    expect((await lists.current()).screenName('Nordwind Logistik GmbH')[0]?.entryId).toBe('139050');
    expect(lists.lists()).toEqual([
      expect.objectContaining({ list: 'EU_CONSOLIDATED', version: '2026-11-27T18:01:12.519+01:00 (file 171234)' }),
    ]);
    expect(changes.map((change) => change.loaded.map((list) => list.list))).toEqual([['EU_CONSOLIDATED']]);
  });

  it('keeps the previous version of a list whose new file is malformed, and says why', async () => {
    const dir = givenFolder();
    for (const name of ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'] as const) drop(dir, name);
    const changes: ListChange[] = [];
    const lists = new ListsInForce(directorySource(dir), {
      refreshSeconds: 1,
      onChange: (change) => {
        changes.push(change);
      },
    });
    await lists.reload();
    const before = lists.lists()[0]?.version;

    writeFileSync(join(dir, 'sdn.csv'), '1,"ONLY THREE FIELDS",-0- \r\n');
    const index = await lists.reload();
    expect(lists.lists()[0]?.version).toBe(before);
    expect(index.screenAddress('0x098b716b8aaf21512996dc57eb0615e2383e2f96')).toHaveLength(1);
    expect(changes.at(-1)?.failures).toEqual([
      { list: 'OFAC_SDN', file: 'sdn.csv', reason: 'sdn.csv record 1: expected 12 fields, found 3' },
    ]);
  });

  it('holds nothing when no folder is configured', async () => {
    const lists = new ListsInForce(undefined, { refreshSeconds: 1 });
    expect((await lists.current()).screenName('Dmitri Kovalenko')).toEqual([]);
    expect(lists.lists()).toEqual([]);
  });
});
