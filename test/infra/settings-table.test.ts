import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTEXT_KEYS, DEPLOYED_SETTINGS, DEPLOYMENT_KEYS } from '#infra/aws/config.ts';
import { isSettingsTableCurrent, SETTINGS_README, settingsTable } from '#infra/aws/settings-table.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

describe('the settings table of the deploy README', () => {
  it('is what the settings declarations generate (else: npm run docs:settings)', () => {
    const committed = readFileSync(join(REPO_ROOT, SETTINGS_README), 'utf8');

    expect(isSettingsTableCurrent(committed), `${SETTINGS_README} is stale: run \`npm run docs:settings\``).toBe(true);
  });

  it('tells a stale table from one Biome only padded', () => {
    const committed = readFileSync(join(REPO_ROOT, SETTINGS_README), 'utf8');
    const padded = committed.replaceAll(' | ', '   |   ');
    const stale = committed.replace('`ACH_PRENOTE_WAIT_DAYS`', '`ACH_PRENOTE_DAYS`');

    expect(isSettingsTableCurrent(padded)).toBe(true);
    expect(isSettingsTableCurrent(stale)).toBe(false);
  });

  it('has a row for every context key, once, with the variable a setting sets', () => {
    const rows = settingsTable()
      .split('\n')
      .slice(2)
      .map((row) => row.split(' | '));
    const keys = rows.map((cells) => cells[0]?.replace(/^\| `|`$/g, ''));

    expect(keys).toEqual([...CONTEXT_KEYS]);
    expect(rows.find((cells) => cells[0] === '| `achPrenoteWaitDays`')?.[1]).toBe('`ACH_PRENOTE_WAIT_DAYS`');
  });

  it('declares each context key once: the deployment keeps its own, and no two settings share one', () => {
    const keys = [...Object.keys(DEPLOYMENT_KEYS), ...DEPLOYED_SETTINGS.map((setting) => setting.deploy.key)];

    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys.length).toBe(CONTEXT_KEYS.length);
  });
});
