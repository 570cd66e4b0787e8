/**
 * Bundle size and cold-import time of every function, next to a floor (a handler that only creates the DynamoDB
 * client) and next to its own floor (the floor plus the libraries it carries that may raise it, own-floor.ts),
 * as markdown tables on stdout:
 *
 *   node --import tsx test/bench/bundles.ts [--runs 7]
 *
 * Each function is bundled exactly as CDK deploys it (`esbuildOptions` derives from the same definition as the
 * NodejsFunction bundling), then imported in a fresh Node process with the functions' NODE_OPTIONS, `runs`
 * times; the median counts. Absolute times depend on the machine; the ratios to the floors are what to compare.
 * The targets are on the bundle size: every function at most 1.3× its own floor, the median at most 1.45× the
 * floor.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { esbuildOptions, NODE_OPTIONS } from '#infra/aws/bundling.ts';
import { CHAIN_WATCHER_HANDLER } from '#infra/aws/chain-watchers.ts';
import { BANK_REPORTS_HANDLER, SWEEPS } from '#infra/aws/events-stack.ts';
import { REFERENCE_RATES_HANDLER } from '#infra/aws/reference-rates.ts';
import { EVENT_FUNCTIONS } from '#shared/events/routing.ts';
import { NOT_FOUND_HANDLER, routeList } from '#shared/routes.ts';
import { median } from '#test/bench/load.ts';
import {
  beyondFloor,
  carriedLibraries,
  FLOOR_HANDLER,
  type OwnFloorLibrary,
  ownFloorBuild,
} from '#test/bench/own-floor.ts';

const run = promisify(execFile);

/** The targets of the bundle sizes. */
const OWN_FLOOR_TARGET = 1.3;
const MEDIAN_FLOOR_TARGET = 1.45;

export type Measured = { name: string; bytes: number; gzipBytes: number; importMs: number; metafile: Metafile };
type Bundled = Measured & { libraries: OwnFloorLibrary[]; ownFloor: Measured };

const IMPORT_SCRIPT = `
  const started = performance.now();
  await import(process.env.BUNDLE_URL);
  process.stdout.write(String(performance.now() - started));`;

async function bundleWith(options: BuildOptions): Promise<{ file: string; metafile: Metafile }> {
  const { metafile } = await build({ ...options, metafile: true });
  return { file: options.outfile as string, metafile };
}

/** Bundles one entry as CDK does and returns the path of its `index.mjs`. */
export async function bundle(entry: string, outdir: string): Promise<string> {
  return (await bundleWith(esbuildOptions(entry, outdir))).file;
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

async function measure(name: string, options: BuildOptions, runs: number): Promise<Measured> {
  const { file, metafile } = await bundleWith(options);
  const bytes = (await stat(file)).size;
  const gzipBytes = gzipSync(await readFile(file)).length;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await coldImportMs(file));
  return { name, bytes, gzipBytes, importMs: median(times), metafile };
}

/** A markdown table with its columns padded, numbers right-aligned. */
function markdownTable(titles: string[], rows: string[][]): string {
  const numeric = titles.map((_, column) => rows.every((row) => /^[\d.]+×?$/.test(row[column] ?? '')));
  const widths = titles.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(' | ')} |`;
  const rule = widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width)));
  return [line(titles), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n');
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const times = (ratio: number) => `${ratio.toFixed(2)}×`;
const librariesOf = (libraries: readonly string[]) => (libraries.length ? libraries.join(', ') : 'none');

export function report(floor: Measured, functions: Bundled[], runs: number): string {
  const sizeRatio = (m: Bundled) => m.bytes / m.ownFloor.bytes;
  const rows = [{ ...floor, libraries: [], ownFloor: floor, name: 'floor (DynamoDB client only)' }, ...functions].map(
    (m) => [
      m.name,
      kib(m.bytes),
      times(m.bytes / floor.bytes),
      kib(m.ownFloor.bytes),
      times(sizeRatio(m)),
      kib(m.gzipBytes),
      m.importMs.toFixed(1),
      times(m.importMs / floor.importMs),
      times(m.importMs / m.ownFloor.importMs),
    ],
  );
  const bundles = markdownTable(
    [
      'function',
      'bundle KiB',
      '× floor',
      'own floor KiB',
      '× own floor',
      'gzip KiB',
      `cold import ms (median of ${runs})`,
      '× floor',
      '× own floor',
    ],
    rows,
  );

  const floors = [...new Map(functions.map((m) => [m.ownFloor, m.libraries])).entries()];
  const ownFloors = markdownTable(
    ['own floor: the floor plus', 'KiB', 'cold import ms', 'functions'],
    floors.map(([ownFloor, libraries]) => [
      librariesOf(libraries),
      kib(ownFloor.bytes),
      ownFloor.importMs.toFixed(1),
      String(functions.filter((m) => m.ownFloor === ownFloor).length),
    ]),
  );

  const over = functions.filter((m) => sizeRatio(m) > OWN_FLOOR_TARGET).sort((a, b) => sizeRatio(b) - sizeRatio(a));
  const overTarget = markdownTable(
    [`over ${OWN_FLOOR_TARGET}× own floor`, '× own floor', 'beyond its own floor, largest first (KiB)'],
    over.map((m) => [
      m.name,
      times(sizeRatio(m)),
      beyondFloor(m.metafile, m.ownFloor.metafile)
        .slice(0, 4)
        .map((part) => `${part.owner} ${kib(part.bytes)}`)
        .join(', '),
    ]),
  );
  const medianFloor = median(functions.map((m) => m.bytes / floor.bytes));
  const summary =
    `${functions.length - over.length} of ${functions.length} functions at most ${OWN_FLOOR_TARGET}× their own floor ` +
    `(target: all); median ${times(median(functions.map(sizeRatio)))} own floor; median ${times(medianFloor)} ` +
    `floor (target at most ${MEDIAN_FLOOR_TARGET}×${medianFloor <= MEDIAN_FLOOR_TARGET ? ', met' : ', missed'}).`;
  return [bundles, '', summary, '', ownFloors, ...(over.length ? ['', overTarget] : [])].join('\n');
}

async function main() {
  const runsFlag = process.argv.indexOf('--runs');
  const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;
  const workdir = await mkdtemp(path.join(tmpdir(), 'payouts-bench-bundles-'));
  const built = (name: string, entry: string) => esbuildOptions(entry, path.join(workdir, name));
  try {
    const floor = await measure('floor', built('floor', FLOOR_HANDLER), runs);
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
    // Functions carrying the same libraries share one own floor.
    const ownFloors = new Map<string, Measured>();
    const functions: Bundled[] = [];
    for (const [name, entry] of entries) {
      const measured = await measure(name, built(name, entry), runs);
      const libraries = carriedLibraries(measured.metafile);
      const key = libraries.join(' + ');
      let ownFloor = ownFloors.get(key);
      if (!ownFloor) {
        const floorName = `own-floor-${ownFloors.size}`;
        ownFloor = await measure(floorName, ownFloorBuild(libraries, path.join(workdir, floorName)), runs);
        ownFloors.set(key, ownFloor);
      }
      functions.push({ ...measured, libraries, ownFloor });
    }
    process.stdout.write(`${report(floor, functions, runs)}\n`);
  } finally {
    await rm(workdir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
