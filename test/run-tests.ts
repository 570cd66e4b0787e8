/**
 * Runs every vitest tier once and closes with the plain `N passed, N failed` line that CI reads (vitest's
 * own summary is decorated and not read). Exits non-zero when anything failed or nothing ran.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  passed = result.numPassedTests;
  failed = result.numFailedTests + result.numFailedTestSuites;
  skipped = result.numPendingTests + result.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
  process.stdout.write('vitest wrote no report\n');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(code !== 0 || failed > 0 || passed === 0 ? 1 : 0);
