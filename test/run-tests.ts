/**
 * Runs every vitest tier once and closes with the plain `N passed, N failed` line that CI reads (vitest's
 * own summary is decorated and not read): the numbers are vitest's test totals. Before it, why each skipped test did
 * not run (test/support/skip-reasons.ts: its suite's set-up failed, with the error's first line, or it is skipped where
 * it is written). Exits non-zero when anything failed, a file failed outside its tests, a test is skipped where it is
 * written, or nothing ran.
 *
 * Two phases: everything but the storms, files two at a time; then the storms (`RUN_ALONE`), two files at a time
 * with nothing else running. Arguments (a project, a file) make it one phase of just those.
 *
 * `--checks` (what `npm test` passes) also runs typecheck and lint, beside the first phase rather than before it:
 * they are half a minute of one core while the first phase mostly waits. Their output is held and printed whole
 * when they finish; a failing check stops the run there, as it did when they ran first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_ALONE } from './run-alone.ts';
import { DECLARED_SKIP, type SkipReason } from './support/skip-reasons.ts';

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
};

/** Says why each skipped test did not run (test/support/skip-reasons.ts). */
const SKIP_REPORTER = `--reporter=${fileURLToPath(new URL('./support/skip-reasons.ts', import.meta.url))}`;

// vitest itself rather than through npx, so that a failing check can stop it with the Ctrl-C it handles (its
// global teardowns then stop DynamoDB Local).
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** The vitest of the phase under way. */
let running: ChildProcess | undefined;

type Totals = {
  passed: number;
  failed: number;
  skipped: number;
  failedOutsideTests: string[];
  skipReasons: SkipReason[];
  ok: boolean;
};

/** One vitest run with its JSON report read back; `ok` is false when it exited non-zero or wrote no report. */
async function runVitest(args: string[]): Promise<Totals> {
  const dir = mkdtempSync(join(tmpdir(), 'payouts-vitest-'));
  const report = join(dir, 'report.json');
  const skips = join(dir, 'skips.json');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [VITEST, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, SKIP_REPORTER, ...args],
      { stdio: 'inherit', env: { ...process.env, PAYOUTS_SKIP_REASONS: skips } },
    );
    running = child;
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  try {
    const result = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    return {
      passed: result.numPassedTests,
      failed: result.numFailedTests,
      skipped: result.numPendingTests + result.numTodoTests,
      // Files that failed without a failing test (an import that throws, a failing hook): they count no test, yet
      // they fail the run. vitest's own totals, which the closing line repeats, count tests only.
      failedOutsideTests: result.testResults
        .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
        .map((file) => relative(process.cwd(), file.name)),
      skipReasons: existsSync(skips) ? (JSON.parse(readFileSync(skips, 'utf8')) as SkipReason[]) : [],
      ok: code === 0,
    };
  } catch {
    process.stdout.write('vitest wrote no report\n');
    return { passed: 0, failed: 0, skipped: 0, failedOutsideTests: [], skipReasons: [], ok: false };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run <script>` with its output held; resolves whether it passed and what it printed. */
function runCheck(script: string): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (exitCode) =>
      resolve({ ok: exitCode === 0, output, seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
}

const withChecks = process.argv.includes('--checks');
const asked = process.argv.slice(2).filter((arg) => arg !== '--checks');
const phases: string[][] = asked.length
  ? [asked]
  : [
      RUN_ALONE.flatMap((file) => ['--exclude', file]),
      // Only the projects that hold them, with nothing else running (test/README.md, "The storms run last, alone");
      // `--maxWorkers=1` is asked for, though two of the four files still run at once on two cores.
      ['--project', 'integration', '--project', 'integration-faults', '--maxWorkers=1', ...RUN_ALONE],
    ];

let failedCheck: string | undefined;
const checks = Promise.all(
  (withChecks ? ['typecheck', 'lint'] : []).map(async (script) => {
    const check = await runCheck(script);
    process.stdout.write(`\n${script} ${check.ok ? 'passed' : 'FAILED'} (${check.seconds} s)\n${check.output}\n`);
    if (!check.ok && !failedCheck) {
      failedCheck = script;
      running?.kill('SIGINT');
    }
  }),
);

const totals: Totals = { passed: 0, failed: 0, skipped: 0, failedOutsideTests: [], skipReasons: [], ok: true };
for (const [index, args] of phases.entries()) {
  // Nothing runs beside the storms: the checks finish before the second phase starts.
  if (index > 0) await checks;
  if (failedCheck) break;
  const phase = await runVitest(args);
  totals.passed += phase.passed;
  totals.failed += phase.failed;
  totals.skipped += phase.skipped;
  totals.failedOutsideTests.push(...phase.failedOutsideTests);
  totals.skipReasons.push(...phase.skipReasons);
  totals.ok &&= phase.ok;
}
await checks;
if (failedCheck) {
  process.stdout.write(`\n${failedCheck} failed (its output is above): the tests were stopped\n`);
  process.exit(1);
}

const { passed, failed, skipped, failedOutsideTests, skipReasons } = totals;
if (failedOutsideTests.length) {
  process.stdout.write(
    `\n${failedOutsideTests.length} file(s) failed outside their tests: ${failedOutsideTests.join(', ')}\n`,
  );
}
const declaredSkips = skipReasons.filter((skip) => skip.reason.startsWith(DECLARED_SKIP));
if (skipReasons.length)
  process.stdout.write(`\nWhy ${skipReasons.length} test(s) did not run:\n${whySkipped(skipReasons)}`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
// A test skipped where it is written is a test left behind (test/README.md): it fails the run as lint does `.skip`.
const bad = !totals.ok || failed > 0 || failedOutsideTests.length > 0 || declaredSkips.length > 0 || passed === 0;
process.exit(bad ? 1 : 0);

/** The skipped tests grouped by file and reason, one line each, with how many and the first test's name. */
function whySkipped(skips: SkipReason[]): string {
  const groups = new Map<string, SkipReason[]>();
  for (const skip of skips) {
    const group = `${relative(process.cwd(), skip.file)}: ${skip.reason}`;
    groups.set(group, [...(groups.get(group) ?? []), skip]);
  }
  return [...groups].map(([group, tests]) => `  ${tests.length} in ${group} (${tests[0]?.test}, ...)\n`).join('');
}
