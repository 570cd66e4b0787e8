import { readdirSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Test file names are unique across the whole test tree, so that a name in a report, a stack trace or an editor tab
 * points at one file. Two files about different things with one name is also a sign that one of them is misnamed.
 */

const TEST_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPO_ROOT = join(TEST_ROOT, '..');
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Every test file under `root`, as a path relative to the repository. */
function testFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => TEST_FILE.test(basename(path)) && !path.split(sep).includes('node_modules'))
    .map((path) => relative(REPO_ROOT, join(root, path)))
    .sort();
}

/** The names used by more than one file, each with the paths that use it. */
function sharedNames(paths: string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const path of paths) byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);
  return Object.fromEntries([...byName].filter(([, same]) => same.length > 1));
}

describe('test file names', () => {
  it('finds the test files of every tier, this one included', () => {
    const files = testFilesUnder(TEST_ROOT);

    expect(files).toContain(join('test', 'unit', 'architecture', 'test-names.test.ts'));
    for (const tier of ['unit', 'integration', 'infra', 'e2e']) {
      const inTier = files.filter((path) => path.startsWith(join('test', tier, '/')));
      expect(inTier.length, tier).toBeGreaterThan(0);
    }
  });

  it('reports two files in different folders that share a name', () => {
    const paths = ['test/unit/http/api-stack.test.ts', 'test/infra/api-stack.test.ts', 'test/infra/nag.test.ts'];

    expect(sharedNames(paths)).toEqual({
      'api-stack.test.ts': ['test/unit/http/api-stack.test.ts', 'test/infra/api-stack.test.ts'],
    });
  });

  it('gives every test file under test/ a name of its own', () => {
    const files = testFilesUnder(TEST_ROOT);

    expect(sharedNames(files)).toEqual({});
  });
});
