/**
 * Bundle size and cold-import time of every function, next to a floor (a handler that only creates the DynamoDB
 * client), as a markdown table on stdout:
 *
 *   node --import tsx test/bench/bundles.ts [--runs 7]
 *
 * Each function is bundled exactly as CDK deploys it (`esbuildOptions` derives from the same definition as the
 * NodejsFunction bundling), then imported in a fresh Node process with the functions' NODE_OPTIONS, `runs`
 * times; the median counts. Absolute times depend on the machine; the ratios to the floor are what to compare.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { esbuildOptions, NODE_OPTIONS } from '#infra/aws/bundling.ts';
import { CHAIN_WATCHER_HANDLER } from '#infra/aws/chain-watchers.ts';
import { BANK_REPORTS_HANDLER, SWEEPS } from '#infra/aws/events-stack.ts';
import { REFERENCE_RATES_HANDLER } from '#infra/aws/reference-rates.ts';
import { EVENT_FUNCTIONS } from '#shared/events/routing.ts';
import { NOT_FOUND_HANDLER, routeList } from '#shared/routes.ts';

const run = promisify(execFile);

export const FLOOR_HANDLER = 'test/bench/floor-handler.ts';

export type Measured = { name: string; bytes: number; gzipBytes: number; importMs: number };

const IMPORT_SCRIPT = `
  const started = performance.now();
  await import(process.env.BUNDLE_URL);
  process.stdout.write(String(performance.now() - started));`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Bundles one entry as CDK does and returns the path of its `index.mjs`. */
export async function bundle(entry: string, outdir: string): Promise<string> {
  const options = esbuildOptions(entry, outdir);
  await build(options);
  return options.outfile as string;
}

/** Milliseconds to import the bundle in a fresh process, as the Lambda runtime would at a cold start. */
async function coldImportMs(file: string): Promise<number> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', IMPORT_SCRIPT], {
    cwd: path.dirname(file),
    env: {
      PATH: process.env.PATH,
      NODE_OPTIONS,
      BUNDLE_URL: pathToFileURL(file).href,
      AWS_REGION: 'eu-central-1',
      TABLE_NAME: 'payouts-bench',
      LOG_LEVEL: 'silent',
    },
  });
  return Number(stdout);
}

export async function measure(name: string, entry: string, workdir: string, runs: number): Promise<Measured> {
  const file = await bundle(entry, path.join(workdir, name));
  const bytes = (await stat(file)).size;
  const gzipBytes = gzipSync(await readFile(file)).length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await coldImportMs(file));
  return { name, bytes, gzipBytes, importMs: median(times) };
}

export function markdownTable(floor: Measured, functions: Measured[], runs: number): string {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
  const row = (m: Measured) =>
    `| ${m.name} | ${kib(m.bytes)} | ${ratio(m.bytes, floor.bytes)} | ${kib(m.gzipBytes)} | ` +
    `${m.importMs.toFixed(1)} | ${ratio(m.importMs, floor.importMs)} |`;
  return [
    `| function | bundle KiB | × floor | gzip KiB | cold import ms (median of ${runs}) | × floor |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row({ ...floor, name: 'floor (DynamoDB client only)' }),
    ...functions.map(row),
  ].join('\n');
}

async function main() {
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;
  const workdir = await mkdtemp(path.join(tmpdir(), 'payouts-bench-bundles-'));
  try {
    const floor = await measure('floor', FLOOR_HANDLER, workdir, runs);
    // Every function the stacks deploy: one per route, the not-found function, the event functions, the sweeps,
    // the chain watchers (one bundle for every chain), the bank reports and the reference rates fetcher.
    const entries = [
      ...routeList.map((route) => [route.operationId, route.handler] as const),
      ['notFound', NOT_FOUND_HANDLER] as const,
      ...Object.entries(EVENT_FUNCTIONS),
      ...Object.entries(SWEEPS).map(([name, sweep]) => [name, sweep.handler] as const),
      ['ChainWatcher', CHAIN_WATCHER_HANDLER] as const,
      ['BankReports', BANK_REPORTS_HANDLER] as const,
      ['ReferenceRates', REFERENCE_RATES_HANDLER] as const,
    ];
    const functions: Measured[] = [];
    for (const [name, entry] of entries) functions.push(await measure(name, entry, workdir, runs));
    process.stdout.write(`${markdownTable(floor, functions, runs)}\n`);
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
