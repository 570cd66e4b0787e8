import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { keys } from '#shared/db/keys.ts';

/**
 * The table's keys, byte for byte: `samples/keys.tsv` holds, for sample arguments of every builder, the key the
 * builder returned when every key lived in one module. A builder that moves, or is rewritten, still builds these;
 * a stored item is never orphaned by a refactoring. A new builder adds its rows (arguments and key as JSON; a
 * bigint argument is `{"bigint":"<digits>"}`).
 */
type Row = { builder: string; args: unknown[]; key: unknown };

const bigints = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && 'bigint' in value ? BigInt(String(value.bigint)) : value;

const rows: Row[] = readFileSync(join(REPO_ROOT, 'test/unit/db/samples/keys.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line !== '')
  .map((line) => {
    const [builder = '', args = '[]', key = 'null'] = line.split('\t');
    return { builder, args: JSON.parse(args, bigints) as unknown[], key: JSON.parse(key) as unknown };
  });

const builders = keys as unknown as Record<string, (...args: unknown[]) => unknown>;

describe('the keys of the table', () => {
  it('are built byte for byte as the stored items have them', () => {
    const differing = rows
      .map(({ builder, args, key }) => ({ builder, args, key, built: builders[builder]?.(...args) }))
      .filter(({ key, built }) => JSON.stringify(built) !== JSON.stringify(key));

    expect(rows.length).toBeGreaterThan(100);
    expect(differing).toEqual([]);
  });

  it('have sample rows for every builder, and rows only for builders that exist', () => {
    const sampled = new Set(rows.map(({ builder }) => builder));

    expect(Object.keys(keys).filter((name) => !sampled.has(name))).toEqual([]);
    expect([...sampled].filter((name) => !(name in keys))).toEqual([]);
  });
});
