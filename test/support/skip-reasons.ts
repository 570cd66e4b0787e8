import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * A vitest reporter for `test/run-tests.ts`: why each skipped test did not run, written as JSON to the file named by
 * `PAYOUTS_SKIP_REASONS`. vitest counts as skipped both a test left out on purpose and every test of a suite whose
 * `beforeAll` failed (its set-up: a 503, a timeout), and its own totals do not tell them apart: a run on a busy machine
 * closed with "146 skipped" that were all of the second kind. The runner prints the reasons, grouped.
 */
export type SkipReason = { file: string; test: string; reason: string };

/** The reason of a test skipped where it is written: `it.skipIf`, `ctx.skip()` (lint refuses `.skip` itself). */
export const DECLARED_SKIP = 'skipped where it is written';

export default class SkipReasons implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const out = process.env.PAYOUTS_SKIP_REASONS;
    if (!out) return;
    const skipped: SkipReason[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests('skipped')) {
        skipped.push({ file: module.moduleId, test: test.fullName, reason: reasonOf(test) });
      }
    }
    writeFileSync(out, JSON.stringify(skipped));
  }
}

function reasonOf(test: TestCase): string {
  for (let at: TestCase['parent'] | undefined = test.parent; at; at = at.type === 'module' ? undefined : at.parent) {
    const [error] = at.errors();
    if (error) return `its suite's set-up failed: ${firstLine(error.message)}`;
  }
  const { note } = test.result() as { note?: string };
  if (note) return `stopped: ${firstLine(note)}`;
  return test.options.mode === 'skip' ? `${DECLARED_SKIP} (skipIf, ctx.skip)` : 'not run';
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0]?.slice(0, 300) ?? '';
