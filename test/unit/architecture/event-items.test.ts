import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * An event reaches the table only as the outbox's item: `eventRecord` builds it (its key, its entity, its envelope,
 * its expiry) and `eventPut` puts it (guarded against a retry's duplicate), both in shared/events/outbox.ts. Every
 * other module hands an event record to `eventPut` within its own transaction. Read from the source, so a second
 * builder or a bare Put of an event fails here rather than as an event that the relay or the TTL misses. A value
 * holding an event is named after it (`event`, `input.event`, `createdEvent(...)`), which is what the Put check
 * recognises.
 */
const OUTBOX = 'shared/events/outbox.ts';

const BUILDS_EVENT_ITEM = [
  { rule: 'spreads the event key', pattern: /\.\.\.\s*keys\.event\(/g },
  { rule: "writes entity 'EVENT'", pattern: /\bentity\s*:\s*['"`]EVENT['"`]/g },
];
const PUTS_EVENT_ITEM = {
  rule: 'puts an event record itself, not through eventPut',
  pattern: /\bItem\s*:\s*(?:\{\s*\.\.\.\s*)?[\w.]*(?:event|Event)\w*\b/g,
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)));
}

type Finding = { path: string; line: number; rule: string };

function eventItemFindings(path: string, source: string): Finding[] {
  return [...BUILDS_EVENT_ITEM, PUTS_EVENT_ITEM].flatMap(({ rule, pattern }) =>
    [...source.matchAll(pattern)].map((match) => ({
      path,
      line: source.slice(0, match.index).split('\n').length,
      rule,
    })),
  );
}

const sources = ['shared', 'functions', 'infra'].flatMap(sourcesUnder).map((path) => ({
  path,
  source: readFileSync(join(REPO_ROOT, path), 'utf8'),
}));

describe('event items', () => {
  it('are built and put by shared/events/outbox.ts alone', () => {
    const elsewhere = sources
      .filter(({ path }) => path !== OUTBOX)
      .flatMap(({ path, source }) => eventItemFindings(path, source))
      .map(({ path, line, rule }) => `${path}:${line} ${rule}`);
    expect(elsewhere).toEqual([]);
  });

  it('are recognised where the outbox builds and puts them, so the checks above see what they look for', () => {
    const outbox = sources.find(({ path }) => path === OUTBOX);
    const rules = new Set(eventItemFindings(OUTBOX, outbox?.source ?? '').map(({ rule }) => rule));
    expect([...rules].sort()).toEqual([...BUILDS_EVENT_ITEM, PUTS_EVENT_ITEM].map(({ rule }) => rule).sort());
  });

  it('reports an event item built or put elsewhere', () => {
    const planted = [
      "const item = { ...keys.event(eventId), entity: 'EVENT', envelope };",
      'await db.client.send(new PutCommand({ TableName: db.tableName, Item: input.event }));',
      'const put = { Put: { TableName: db.tableName, Item: createdEvent(record, now) } };',
      "const fine = { Put: { TableName: db.tableName, Item: { ...keys.bank(org, customer, bank), entity: 'BANK' } } };",
      'const read = { Key: keys.event(eventId) };',
    ].join('\n');

    expect(eventItemFindings('shared/planted.ts', planted)).toEqual([
      { path: 'shared/planted.ts', line: 1, rule: 'spreads the event key' },
      { path: 'shared/planted.ts', line: 1, rule: "writes entity 'EVENT'" },
      { path: 'shared/planted.ts', line: 2, rule: 'puts an event record itself, not through eventPut' },
      { path: 'shared/planted.ts', line: 3, rule: 'puts an event record itself, not through eventPut' },
    ]);
  });
});
