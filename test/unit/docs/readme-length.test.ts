import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * An area README states what the area owns, its rules, its access patterns and a line per decision; what decided
 * a rule (measurements, experiments) is a record in docs/decisions/. A README that outgrows a few screens has
 * started holding history again.
 */
const MAX_AREA_README_LINES = 149;

/** The area READMEs: every README.md under shared/, infra/ and test/ that git tracks. */
function areaReadmes(): string[] {
  return execFileSync('git', ['ls-files', '-z', 'shared', 'infra', 'test'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path.endsWith('README.md'));
}

/** Each README longer than the limit, as `path: N lines`. */
function overlongReadmes(files: { path: string; text: string }[], limit = MAX_AREA_README_LINES): string[] {
  return files.flatMap(({ path, text }) => {
    const lines = text.replace(/\n$/, '').split('\n').length;
    return lines > limit ? [`${path}: ${lines} lines`] : [];
  });
}

describe('area READMEs', () => {
  it('are each under 150 lines', () => {
    const files = areaReadmes().map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(10);
    expect(overlongReadmes(files)).toEqual([]);
  });

  it('names a README over the limit', () => {
    const text = `${'a rule\n'.repeat(150)}`;
    expect(overlongReadmes([{ path: 'shared/x/README.md', text }])).toEqual(['shared/x/README.md: 150 lines']);
    expect(overlongReadmes([{ path: 'shared/x/README.md', text: 'a rule\n'.repeat(149) }])).toEqual([]);
  });
});
