import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { checkSanctionsLists } from '#shared/doctor/check-sanctions-lists.ts';
import { LIST_MAX_AGE_DAYS } from '#shared/screening/list-age.ts';
import { allListFixtures } from '#test/support/screening/list-fixtures.ts';

/**
 * The doctor's sanctions lists check against a lists folder as `npm start` reads it (`SANCTIONS_DIR`), the files'
 * times set rather than waited for (decision 0035). The bucket's times are read through S3's API in
 * `sanctions-list-bucket.test.ts`.
 */
const T0 = new Date('2026-11-30T10:00:00.000Z');
const daysAfter = (days: number) => new Date(T0.getTime() + days * 86_400_000);

/** The fixture lists in a folder of their own, each file last written at `T0` (the UN's at `un`, when given). */
function listsFolder(options: { un?: Date; without?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'payouts-doctor-lists-'));
  for (const [name, text] of allListFixtures()) {
    if (name === options.without) continue;
    writeFileSync(join(dir, name), text);
    const at = name === 'consolidated.xml' && options.un ? options.un : T0;
    utimesSync(join(dir, name), at, at);
  }
  return parseConfig({ SANCTIONS_DIR: dir });
}

describe("the doctor's sanctions lists check", () => {
  it(`passes lists stored within ${LIST_MAX_AGE_DAYS} days, each with its version and age`, async () => {
    const finding = await checkSanctionsLists(listsFolder(), daysAfter(1));

    expect(finding.ok).toBe(true);
    expect(finding.detail.split('; ')).toEqual([
      expect.stringMatching(/^OFAC SDN sha256:[0-9a-f]{16}: stored 2026-11-30T10:00:00\.000Z \(1\.0 days ago\)$/),
      'UN Security Council Consolidated List 2026-11-27T17:10:03.533Z: stored 2026-11-30T10:00:00.000Z (1.0 days ago)',
      expect.stringMatching(
        /^EU Consolidated Financial Sanctions List .+: stored 2026-11-30T10:00:00\.000Z \(1\.0 days ago\)$/,
      ),
    ]);
  });

  it('names each list stored longer ago than the limit, and how old it is', async () => {
    const finding = await checkSanctionsLists(listsFolder({ un: daysAfter(6) }), daysAfter(8));

    expect(finding).toMatchObject({ ok: false, fix: expect.stringContaining('SanctionsLists') });
    const stale = finding.detail.split('; ');
    expect(stale).toHaveLength(2);
    expect(stale[0]).toMatch(/^OFAC SDN .+ \(8\.0 days ago\)$/);
    expect(stale[1]).toMatch(/^EU Consolidated Financial Sanctions List .+ \(8\.0 days ago\)$/);
  });

  it('names a list that is not in force, and a deployment that names no lists at all', async () => {
    const missing = await checkSanctionsLists(listsFolder({ without: 'eu-consolidated.xml' }), daysAfter(1));
    const unset = await checkSanctionsLists(parseConfig({}), daysAfter(1));

    expect(missing).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^EU Consolidated Financial Sanctions List: not in force \(no file of it in /),
      fix: expect.stringMatching(/^A list not in force screens nobody against it: place its official file in /),
    });
    expect(unset).toMatchObject({ ok: false, fix: expect.stringContaining('SANCTIONS_BUCKET=') });
  });
});
