import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { PrenoteSettings } from '#shared/banks/settings.ts';
import { EVENT_SETTINGS, parseConfig, SERVICE_SETTINGS } from '#shared/config/env.ts';
import { ConfigError, readLayout, type Setting, setting, settingsOf } from '#shared/config/setting.ts';
import { ChainSweepSettings } from '#shared/custody/settings.ts';
import { ChainWatchSettings } from '#shared/deposits/settings.ts';
import * as z from '#shared/validation/zod.ts';

/** Every settings fragment: an area's `settings.ts`, and the runtime's, which is configuration only. */
const fragments = [
  'shared/config/runtime-settings.ts',
  ...readdirSync(join(REPO_ROOT, 'shared'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === 'settings.ts')
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name))),
];

const isSetting = (value: unknown): value is Setting =>
  typeof value === 'object' && value !== null && typeof (value as Setting).variable === 'string';

/** What every function reads: the service, the event functions, the chain watchers and sweepers. */
const READ = [SERVICE_SETTINGS, EVENT_SETTINGS, ChainWatchSettings, ChainSweepSettings].flatMap(settingsOf);

describe('settings declared with their areas', () => {
  it('reads a setting added to a fragment: its default, its rules, its field, with no other edit', () => {
    const Answers = {
      answer: setting('ANSWER_S', z.prefault(z.coerce.number().check(z.int(), z.gte(1)), 42), {
        description: 'Seconds to think.',
      }),
    };
    const layout = { answers: Answers };

    expect(readLayout(layout, {}).answers.answer).toBe(42);
    expect(readLayout(layout, { ANSWER_S: '7' }).answers.answer).toBe(7);
    expect(() => readLayout(layout, { ANSWER_S: '0' })).toThrow(ConfigError);
    expect(() => readLayout(layout, { ANSWER_S: '0' })).toThrow(
      'Invalid configuration: ANSWER_S: Too small: expected number to be >=1',
    );
  });

  it('reads every setting a fragment declares in some function: none is shadowed by another field or left out', async () => {
    const declared: Setting[] = [];
    for (const fragment of fragments) {
      const module = (await import(pathToFileURL(join(REPO_ROOT, fragment)).href)) as Record<string, unknown>;
      for (const exported of Object.values(module)) {
        if (typeof exported !== 'object' || exported === null || isSetting(exported)) continue;
        declared.push(...Object.values(exported).filter(isSetting));
      }
    }

    expect(fragments.length).toBeGreaterThan(10);
    expect(declared.filter((each) => !READ.includes(each)).map((each) => each.variable)).toEqual([]);
  });

  it('declares each variable once', () => {
    const variables = READ.map((each) => each.variable);

    expect(variables.filter((variable, i) => variables.indexOf(variable) !== i)).toEqual([]);
  });

  it('files ACH_PRENOTE_WAIT_DAYS with the ACH prenote settings of the banks area, not with payee verification', () => {
    const config = parseConfig({ ACH_PRENOTE_WAIT_DAYS: '5' });

    expect(PrenoteSettings.waitDays.variable).toBe('ACH_PRENOTE_WAIT_DAYS');
    expect(config.prenotes).toEqual({ waitDays: 5 });
    expect(parseConfig({}).prenotes.waitDays).toBe(3);
    expect(Object.keys(config.payeeVerification).sort()).toEqual(['apiKeySecret', 'url', 'whenNotPossible']);
    expect(() => parseConfig({ ACH_PRENOTE_WAIT_DAYS: '11' })).toThrow(
      'Invalid configuration: ACH_PRENOTE_WAIT_DAYS: Too big: expected number to be <=10',
    );
  });
});
