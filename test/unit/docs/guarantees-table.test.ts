import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * test/README.md is the table of the suite's guarantees, each with the tests that prove it, named
 * `path/to/file.test.ts › test name` (the innermost `it`/`test` name, as the file spells it; `%s` where the name
 * is formatted per case). A test renamed or removed without its row following would leave a guarantee that nothing
 * proves while the table still claims it, so every named test must exist.
 */
type NamedTest = { file: string; name: string };
type Row = { guarantee: string; tests: NamedTest[] };

/** A named test in a cell: in single backticks, or double ones when the name itself holds a backtick. */
const NAMED_TEST = /``\s?(test\/\S+?\.test\.tsx?) › (.+?)\s?``|`(test\/[^`\s]+?\.test\.tsx?) › ([^`]+)`/g;

function namedTests(cell: string): NamedTest[] {
  return [...cell.matchAll(NAMED_TEST)].map((match) => ({
    file: match[1] ?? match[3] ?? '',
    name: match[2] ?? match[4] ?? '',
  }));
}

/** The rows of the table under the `## Guarantees` heading: the guarantee, and the tests its other cells name. */
function guaranteeRows(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Guarantees'));
  if (!section) return [];
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  return lines.slice(2).map((line) => {
    const [, guarantee = '', ...proofs] = line.split('|');
    return { guarantee: guarantee.trim(), tests: namedTests(proofs.join('|')) };
  });
}

/** `it` and `test`, their modifiers (`it.concurrent`) and what `it.each(cases)` or `it.skipIf(cond)` returns. */
function declaresTest(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'it' || callee.text === 'test';
  if (ts.isPropertyAccessExpression(callee)) return declaresTest(callee.expression);
  if (ts.isCallExpression(callee))
    return ts.isPropertyAccessExpression(callee.expression) && declaresTest(callee.expression);
  return false;
}

/** The names of the tests a file declares, as its source spells them; `describe` names are not among them. */
function testNamesIn(source: string): Set<string> {
  const file = ts.createSourceFile('names.test.ts', source, ts.ScriptTarget.Latest);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && declaresTest(node.expression)) {
      const [first] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) names.add(first.text);
      if (first && ts.isTemplateExpression(first)) names.add(first.getText(file).slice(1, -1));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** Everything wrong with a table: no rows, a row naming no test, a file that does not exist, a test it lacks. */
function tableProblems(markdown: string, read: (file: string) => string | undefined): string[] {
  const rows = guaranteeRows(markdown);
  if (!rows.length) return ['no table of guarantees under "## Guarantees"'];
  const names = new Map<string, Set<string> | undefined>();
  const namesIn = (file: string) => {
    if (!names.has(file)) {
      const source = read(file);
      names.set(file, source === undefined ? undefined : testNamesIn(source));
    }
    return names.get(file);
  };
  return rows.flatMap(({ guarantee, tests }) => {
    if (!tests.length) return [`"${guarantee}" names no test`];
    return tests.flatMap(({ file, name }) => {
      const declared = namesIn(file);
      if (!declared) return [`${file} does not exist`];
      return declared.has(name) ? [] : [`${file} has no test named "${name}"`];
    });
  });
}

const readTestFile = (file: string) => {
  const path = join(REPO_ROOT, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

const table = (...rows: string[]) =>
  ['# Tests', '', '## Guarantees', '', '| Guarantee | Proved by |', '| --- | --- |', ...rows].join('\n');

describe('the table of guarantees', () => {
  it('reads the innermost test names of a file: plain, per case, templated, not describe', () => {
    const source = [
      "describe('the ledger', () => {",
      "  it('never overdraws', () => {});",
      '  describe(\'races\', () => { test("keeps \\"one\\" write", () => {}); });',
      "  it.each([[1], [2]])('%s: answers %s', () => {});",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a test file's source, holding a template literal
      '  it(`caps at ${MAX} endpoints`, () => {});',
      "  it.concurrent('runs beside', () => {});",
      '});',
    ].join('\n');

    expect([...testNamesIn(source)]).toEqual([
      'never overdraws',
      'keeps "one" write',
      '%s: answers %s',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the name as the source spells it
      'caps at ${MAX} endpoints',
      'runs beside',
    ]);
  });

  it('fails a row naming a test its file does not have, a file that does not exist, or no test at all', () => {
    const markdown = table(
      '| Quotes are exact | `test/unit/quotes/quote.test.ts › finds the smallest source amount for a target amount (the README example)` |',
      '| A planted guarantee | `test/unit/quotes/quote.test.ts › pays out more than was paid for` |',
      '| Another | `test/unit/quotes/no-such.test.ts › anything` |',
      '| Nothing proves this | prose only |',
    );

    expect(tableProblems(markdown, readTestFile)).toEqual([
      'test/unit/quotes/quote.test.ts has no test named "pays out more than was paid for"',
      'test/unit/quotes/no-such.test.ts does not exist',
      '"Nothing proves this" names no test',
    ]);
  });

  it('fails a README without the table', () => {
    expect(tableProblems('# Tests\n\nNo table here.', readTestFile)).toEqual([
      'no table of guarantees under "## Guarantees"',
    ]);
  });

  it('names in test/README.md only tests that exist', () => {
    const markdown = readFileSync(join(REPO_ROOT, 'test/README.md'), 'utf8');

    expect(guaranteeRows(markdown).length).toBeGreaterThan(20);
    expect(tableProblems(markdown, readTestFile)).toEqual([]);
  });
});
