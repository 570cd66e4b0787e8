import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * The table is queried through shared/db alone (`queryPage`, `queryAll`, `queryTimers` in shared/db/query.ts,
 * `queryListPage` in shared/db/pagination.ts): no other module of shared/, functions/ or infra/ names the SDK's
 * QueryCommand or its paginator, so the paging, the timer shards and the request's shape are written once. Tests
 * name QueryCommand to mock it, and are not read here.
 */
const DB = 'shared/db/';
const QUERY = /\b(?:QueryCommand\w*|paginateQuery)\b/g;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)));
}

const queriesIn = (path: string, source: string) =>
  [...source.matchAll(QUERY)].map((match) => `${path}:${source.slice(0, match.index).split('\n').length} ${match[0]}`);

const sources = ['shared', 'functions', 'infra'].flatMap(sourcesUnder).map((path) => ({
  path,
  source: readFileSync(join(REPO_ROOT, path), 'utf8'),
}));

describe('queries', () => {
  it('are built in shared/db alone', () => {
    const elsewhere = sources
      .filter(({ path }) => !path.startsWith(DB))
      .flatMap(({ path, source }) => queriesIn(path, source));
    expect(elsewhere).toEqual([]);
  });

  it('are recognised where shared/db builds them', () => {
    const query = sources.find(({ path }) => path === 'shared/db/query.ts');
    expect(queriesIn('shared/db/query.ts', query?.source ?? '').length).toBeGreaterThan(1);
  });

  it('are reported when a module imports, builds, types or pages a query itself', () => {
    const planted = [
      "import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';",
      'const page = await db.client.send(new QueryCommand({ TableName: db.tableName }));',
      "import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';",
      'for await (const page of paginateQuery({ client }, input)) items.push(...page.Items);',
      'const items = await queryAll(db, { partition: pk, consistent: true }, parse);',
      "const { items } = await queryPage(db, { index: 'gsi1', partition }, { limit });",
    ].join('\n');

    expect(queriesIn('shared/planted.ts', planted)).toEqual([
      'shared/planted.ts:1 QueryCommand',
      'shared/planted.ts:2 QueryCommand',
      'shared/planted.ts:3 QueryCommandInput',
      'shared/planted.ts:4 paginateQuery',
    ]);
  });
});
