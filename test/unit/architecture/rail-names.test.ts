import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';

/**
 * A rail has one home, `shared/rails/`: the service looks a rail up by name and reads it, and never branches on one.
 * So a rail's name is written as a string (`'ACH'`, `"SWIFT"`, `` `SEPA` ``, in a value or a type) only there; code
 * elsewhere reads a property of the rail or, where it must name one rail (an example of the OpenAPI document), its
 * name's constant. Read from the source with TypeScript's parser: a name inside a longer text (an error message, a
 * description) or a comment is not a rail named.
 */
const SCANNED = ['shared', 'functions', 'infra'];
/** The home of the rails; and the API types, which `npm run openapi:types` writes from the document's enums. */
const ALLOWED = ['shared/rails/', 'infra/openapi/generated/'];

type Literal = { where: string; text: string };

/** Every string literal whose whole text is a rail's name, with its file and line. */
function railNameLiterals(source: string, path: string): Literal[] {
  const names = new Set<string>(RAIL_NAMES);
  // Most files name no rail at all: only those that do are parsed.
  if (!RAIL_NAMES.some((name) => source.includes(name))) return [];
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && names.has(node.text)) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push({ where: `${path}:${line}`, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)));
}

describe('rail names', () => {
  it('finds a rail named by a string literal in a branch, a value or a type, and not inside a text or a comment', () => {
    const planted = [
      "if (rail === 'ACH') send();",
      'const rail = { paymentRail: "SWIFT" };',
      'type Instant = `SEPA_INSTANT`;',
      "type Domestic = 'FEDWIRE' | 'X';",
      "// 'SEPA' in a comment",
      'throw new Error(\'A prenote is sent through ACH ("domesticRail":"ACH")\');',
      "const text = 'SEPA and SWIFT';",
    ].join('\n');

    expect(railNameLiterals(planted, 'shared/banks/planted.ts')).toEqual([
      { where: 'shared/banks/planted.ts:1', text: 'ACH' },
      { where: 'shared/banks/planted.ts:2', text: 'SWIFT' },
      { where: 'shared/banks/planted.ts:3', text: 'SEPA_INSTANT' },
      { where: 'shared/banks/planted.ts:4', text: 'FEDWIRE' },
    ]);
  });

  it('are written as strings only in shared/rails/', () => {
    const sources = SCANNED.flatMap(sourcesUnder);
    const outside = sources
      .filter((path) => !ALLOWED.some((prefix) => path.startsWith(prefix)))
      .flatMap((path) => railNameLiterals(readFileSync(join(REPO_ROOT, path), 'utf8'), path));

    expect(sources.length).toBeGreaterThan(300);
    expect(sources.filter((path) => path.startsWith('shared/rails/bank/')).length).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });
});
