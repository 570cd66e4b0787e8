import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '#infra/repo-root.ts';

export const CONSOLE_ROOT = join(REPO_ROOT, 'infra/console');
const BUILDS = join(CONSOLE_ROOT, 'dist');

/** What the built app depends on: its sources, page, Vite configuration and the locked package versions. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(join(CONSOLE_ROOT, 'src'));
  files.push(
    join(CONSOLE_ROOT, 'index.html'),
    join(CONSOLE_ROOT, 'vite.config.ts'),
    join(REPO_ROOT, 'package-lock.json'),
  );
  return files.sort();
}

export function consoleSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The console's static files, built with Vite only when its sources changed since the last build (`npm start`
 * and `cdk synth` both call this; an unchanged tree costs a hash of ~20 files). Each build lands in
 * `infra/console/dist/<hash>/` through a rename, so parallel starts (the e2e tier) never see a half-written
 * build, and whichever finishes second simply discards its copy.
 */
export async function buildConsole(): Promise<string> {
  const hash = consoleSourceHash();
  const outDir = join(BUILDS, hash);
  if (existsSync(join(outDir, 'index.html'))) return outDir;
  const scratch = join(BUILDS, `.building-${process.pid}-${Date.now()}`);
  mkdirSync(BUILDS, { recursive: true });
  const { build } = await import('vite');
  await build({
    configFile: join(CONSOLE_ROOT, 'vite.config.ts'),
    build: { outDir: scratch, emptyOutDir: true },
    logLevel: 'warn',
  });
  try {
    renameSync(scratch, outDir);
  } catch (error) {
    // Another process renamed the same build into place first: identical sources, identical output.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(join(outDir, 'index.html'))) throw error;
  }
  // Older builds are of no use once this one exists (a process still serving one keeps its open files).
  for (const entry of readdirSync(BUILDS)) {
    if (entry !== hash && !entry.startsWith('.building-'))
      rmSync(join(BUILDS, entry), { recursive: true, force: true });
  }
  return outDir;
}

// `node --import tsx infra/console/build.ts <dir>`: the CDK asset's local bundling (no Docker) copies a build there.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: build.ts <output directory>');
  cpSync(await buildConsole(), target, { recursive: true });
}
