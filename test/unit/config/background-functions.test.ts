import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEDULED_WORKERS } from '#infra/local/scheduled-workers.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { BACKGROUND_FUNCTIONS, type BackgroundFunction } from '#shared/config/background-functions.ts';
import { ServiceVariables } from '#shared/config/env.ts';

const entries = Object.entries(BACKGROUND_FUNCTIONS) as [string, BackgroundFunction][];

describe('the table of background functions', () => {
  it('names handler modules that exist', () => {
    for (const [, fn] of entries) expect(existsSync(join(REPO_ROOT, fn.handler)), fn.handler).toBe(true);
  });

  it('runs every function locally: on a timer, just before a function that has one, or in a worker of its own', () => {
    const timed = entries.filter(([, fn]) => 'everySeconds' in fn.local).map(([name]) => name);
    for (const [name, fn] of entries) {
      if ('before' in fn.local) expect(timed, name).toContain(fn.local.before);
    }
    expect(SCHEDULED_WORKERS.map((worker) => worker.name)).toEqual(timed);
  });

  it('takes intervals from settings the service reads as seconds, and no AWS rate under a minute', () => {
    for (const [name, fn] of entries) {
      if ('everySeconds' in fn.aws) expect(fn.aws.everySeconds, name).toBeGreaterThanOrEqual(60);
      const settings = [
        'setting' in fn.aws ? fn.aws.setting : undefined,
        'everySeconds' in fn.local && typeof fn.local.everySeconds === 'string' ? fn.local.everySeconds : undefined,
      ].flatMap((setting) => (setting ? [setting] : []));
      for (const setting of settings)
        expect(typeof ServiceVariables.shape[setting].parse(undefined), name).toBe('number');
    }
  });
});
