import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * Code and documents speak of the system: the tracker the work was planned in is not part of the repository, so
 * an issue's number tells a reader nothing. A comment or a README states the rule or the reason instead.
 */
const TRACKER_REFERENCE = /\bissue #?\d+/i;
const CHECKED = /\.(ts|tsx|md)$/;

/** Folders that hold nothing of ours, when the tree is walked (no git). */
const SKIPPED = new Set(['node_modules', '.git', '.data', 'cdk.out', 'dist', 'coverage', 'results', 'artifacts']);

/** The repository's files: what git tracks, or the tree without what is never tracked where git is not at hand. */
function trackedFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    const walk = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(join(folder, entry.name));
        return entry.isFile() ? [relative(REPO_ROOT, join(folder, entry.name))] : [];
      });
    return walk(REPO_ROOT);
  }
}

/** Each line that cites a tracker's issue, as `path:line: text`. */
function trackerReferences(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .flatMap((line, index) => (TRACKER_REFERENCE.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('tracker references', () => {
  it('are found in any case, with or without #, and only before a number', () => {
    // Built from parts, so that this file does not cite what it plants.
    const cites = ['Custody (', 'issue', ' 24): the relayer key'].join('');
    const files = [
      { path: 'shared/a.ts', text: `// fine\n// ${cites}` },
      { path: 'README.md', text: `See ${['Issue', '#27'].join(' ')}.` },
      {
        path: 'shared/b.ts',
        text: '// issues are tracked elsewhere; the 24 chains; a known issue of the SDK, issue-tracker',
      },
    ];

    expect(trackerReferences(files)).toEqual([
      `shared/a.ts:2: // ${cites}`,
      `README.md:1: See ${['Issue', '#27'].join(' ')}.`,
    ]);
  });

  it('are cited by no tracked code or document', () => {
    const files = trackedFiles()
      .filter((path) => CHECKED.test(path) && existsSync(join(REPO_ROOT, path)))
      .map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));

    expect(files.length).toBeGreaterThan(100);
    expect(trackerReferences(files)).toEqual([]);
  });
});
