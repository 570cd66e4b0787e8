/**
 * Runs every vitest tier once and closes with the plain `N passed, N failed` line that CI reads (vitest's
 * own summary is decorated and not read): the numbers are vitest's test totals. Exits non-zero when anything
 * failed, a file failed outside its tests, or nothing ran.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'payouts-vitest-'));
const report = join(dir, 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];

const code = await new Promise<number>((resolve) => {
  const child = spawn('npx', args, { stdio: 'inherit' });
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
};

let passed = 0;
let failed = 0;
let skipped = 0;
// Files that failed without a failing test (an import that throws, a failing hook): they count no test, yet
// they fail the run. vitest's own totals, which the closing line repeats, count tests only.
let failedOutsideTests: string[] = [];
let reported = false;
try {
  const result = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  skipped = result.numPendingTests + result.numTodoTests;
  failedOutsideTests = result.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
    .map((file) => relative(process.cwd(), file.name));
  reported = true;
} catch {
  process.stdout.write('vitest wrote no report\n');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (failedOutsideTests.length) {
  process.stdout.write(
    `\n${failedOutsideTests.length} file(s) failed outside their tests: ${failedOutsideTests.join(', ')}\n`,
  );
}
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(code !== 0 || !reported || failed > 0 || failedOutsideTests.length > 0 || passed === 0 ? 1 : 0);
