import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { RUN_ALONE } from '#test/run-alone.ts';
import { SLOW_FILES, SlowFirstSequencer } from '#test/slow-first.ts';

/** A vitest with no cached durations or sizes (a fresh clone), and specs as the sequencer reads them. */
const sequencer = () =>
  new SlowFirstSequencer({
    config: { root: REPO_ROOT },
    cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
  } as unknown as Vitest);
const spec = (project: string, path: string) =>
  ({
    moduleId: join(REPO_ROOT, path),
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } },
  }) as unknown as TestSpecification;
const named = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name}:${relative(REPO_ROOT, s.moduleId)}`);

describe('the slow files start first', () => {
  it('names files that exist and run in the first phase (the storms run alone, after it)', () => {
    for (const path of Object.keys(SLOW_FILES)) {
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
      expect(RUN_ALONE as readonly string[], path).not.toContain(path);
    }
  });

  it('starts the listed files longest first, whatever their project, then the rest in vitest order', async () => {
    const files = [
      spec('unit', 'test/unit/ids.test.ts'),
      spec('unit', 'test/unit/faults/hanging-withdrawal.test.ts'),
      spec('integration', 'test/integration/fuzz.test.ts'),
      spec('integration', 'test/integration/customers.test.ts'),
      spec('e2e', 'test/e2e/banks.test.ts'),
      spec('e2e', 'test/e2e/deposits.test.ts'),
    ];

    // The three listed, by their seconds in the table (which a fresh run's times update).
    const listed = [
      'integration:test/integration/fuzz.test.ts',
      'e2e:test/e2e/deposits.test.ts',
      'e2e:test/e2e/banks.test.ts',
    ];
    const seconds = (name: string) => SLOW_FILES[name.slice(name.indexOf(':') + 1)] ?? 0;
    expect(listed.every((name) => seconds(name) > 0)).toBe(true);
    expect(named(await sequencer().sort(files))).toEqual([
      ...listed.sort((a, b) => seconds(b) - seconds(a)),
      'integration:test/integration/customers.test.ts',
      'unit:test/unit/ids.test.ts',
      'unit:test/unit/faults/hanging-withdrawal.test.ts',
    ]);
  });
});
