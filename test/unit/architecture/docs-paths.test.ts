import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * The READMEs and the documents under docs/ (decision records, the bench's results) name files in backticks
 * (`shared/banks/create-bank.ts`); a file moved or renamed without its document following leaves a reader at a dead
 * end. Every such path must exist, from the repository root or from the document's own folder. Paths the tests
 * write (gitignored artifacts and results) and patterns are left out.
 */
const GENERATED = ['test/e2e/artifacts/', 'test/bench/results/'];
const PATH_IN_BACKTICKS = /`((?:shared|functions|infra|test)\/[A-Za-z0-9_./-]+)`/g;

/** Folders that hold no README of ours; walking node_modules alone took seconds on a loaded machine. */
const SKIPPED = new Set(['node_modules', '.git', '.data', 'cdk.out', 'dist']);

function readmes(folder = REPO_ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : readmes(join(folder, entry.name));
    const path = relative(REPO_ROOT, join(folder, entry.name));
    const document = entry.name === 'README.md' || (path.startsWith('docs/') && entry.name.endsWith('.md'));
    return entry.isFile() && document ? [path] : [];
  });
}

describe('the READMEs and docs/', () => {
  it('name only files and folders that exist', () => {
    const documents = readmes();
    const dead = documents.flatMap((readme) =>
      [...readFileSync(join(REPO_ROOT, readme), 'utf8').matchAll(PATH_IN_BACKTICKS)]
        .map((match) => (match[1] ?? '').replace(/[./]+$/, ''))
        .filter((path) => !GENERATED.some((prefix) => path.startsWith(prefix)))
        .filter((path) => !existsSync(join(REPO_ROOT, path)) && !existsSync(join(REPO_ROOT, dirname(readme), path)))
        .map((path) => `${readme}: ${path}`),
    );
    expect(documents.length).toBeGreaterThan(5);
    expect(dead).toEqual([]);
  });
});
