import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, with their seconds in a run of `npm test` on a 2-core machine (a fresh clone, two
 * files at a time; the storms run after these and are not listed). Update them from a fresh run's
 * per-file times when they move by more than a few seconds (docs/decisions/0034-test-run-layout.md).
 */
export const SLOW_FILES: Readonly<Record<string, number>> = {
  'test/e2e/deposits.test.ts': 44,
  'test/e2e/webhooks.test.ts': 42,
  'test/e2e/console-browser.test.ts': 34,
  'test/integration/fuzz.test.ts': 34,
  'test/e2e/crash-under-load.test.ts': 27,
  'test/e2e/local-runtime.test.ts': 26,
  'test/e2e/banks.test.ts': 22,
  'test/e2e/rails-acceptance.test.ts': 21,
  'test/e2e/console-batch-browser.test.ts': 21,
  'test/integration/custody-sweeper.test.ts': 20,
  'test/e2e/readme-walkthrough.test.ts': 20,
  'test/e2e/bank-rail.test.ts': 20,
  'test/integration/chain-watcher.test.ts': 19,
  'test/e2e/secrets-in-logs.test.ts': 18,
  'test/e2e/withdrawals.test.ts': 16,
  'test/e2e/openapi-docs.test.ts': 15,
};

/**
 * Starts the slow files first, longest first, whatever the project, then the rest in vitest's own order. Two files
 * run at a time, so the run ends when the last file started does: a long file started late leaves one core idle
 * while it finishes. Vitest orders by project name, then by the durations it cached on the last run or, without
 * them (a fresh clone, CI), by file size, which is not time: the e2e files came first by their name, but the fuzz
 * (70 s) started 64th of 197 and the slowest unit file (13 s) 132nd. This order is the same on every machine, cache or not.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) =>
      SLOW_FILES[relative(this.ctx.config.root, spec.moduleId).split(sep).join('/')] ?? 0;
    const slow = files.filter((spec) => seconds(spec) > 0).sort((a, b) => seconds(b) - seconds(a));
    return [...slow, ...(await super.sort(files.filter((spec) => seconds(spec) === 0)))];
  }
}
