import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { KEY_AREAS, type KeySpace, keys } from '#shared/db/keys.ts';

/**
 * Each area declares, beside its key builders, the parts of the table it owns (shared/db/table-keys.ts `KeySpace`).
 * Two areas never own overlapping parts: a prefix of one is never a prefix of another's, or one area's `begins_with`
 * query (or a stream filter, or an access rule on a prefix) would reach the other's items. And each builder builds
 * keys only in its own area's parts, so the declarations stay true.
 */
type Owned = { area: string; space: KeySpace };
type Template = string[];

const ID = '{}';
const INDEX_ATTRIBUTES = ['gsi1pk', 'gsi2pk', 'gsi3pk'] as const;
const attributeOf = (space: KeySpace) => INDEX_ATTRIBUTES.find((name) => name in space) ?? 'pk';
const partitionOf = (space: KeySpace) => (space as Record<string, string>)[attributeOf(space)] ?? '';
const templateOf = (space: KeySpace): Template => partitionOf(space).split('#');

/** Two segments at the same place: equal, or an id (`{}`) beside any non-empty segment. */
const meet = (a: string, b: string) => a === b || (a === ID && b !== '') || (b === ID && a !== '');

/** Whether some instance of `prefix` starts some instance of `template` (segments aligned on `#`). */
function canStart(prefix: Template, template: Template): boolean {
  if (prefix.length > template.length) return false;
  const last = prefix.length - 1;
  if (!prefix.slice(0, last).every((segment, i) => meet(segment, template[i] ?? ''))) return false;
  const [mine = '', theirs = ''] = [prefix[last], template[last]];
  if (mine === ID) return theirs !== '';
  return theirs === ID || theirs.startsWith(mine);
}

const sameInstance = (a: Template, b: Template) =>
  a.length === b.length && a.every((segment, i) => meet(segment, b[i] ?? ''));

/** Whether one item key (or one index partition) could lie in both parts. */
function overlap(a: KeySpace, b: KeySpace): boolean {
  if (attributeOf(a) !== attributeOf(b)) return false;
  const [pa, pb] = [templateOf(a), templateOf(b)];
  const [sa, sb] = ['sk' in a ? a.sk : undefined, 'sk' in b ? b.sk : undefined];
  if (sa === undefined && sb === undefined) return canStart(pa, pb) || canStart(pb, pa);
  if (sa === undefined) return canStart(pa, pb);
  if (sb === undefined) return canStart(pb, pa);
  const [qa, qb] = [sa.split('#'), sb.split('#')];
  return sameInstance(pa, pb) && (canStart(qa, qb) || canStart(qb, qa));
}

/** Every pair of parts owned by two different areas that overlap. */
function sharedParts(owned: Owned[]): string[] {
  return owned.flatMap((a, i) =>
    owned
      .slice(i + 1)
      .filter((b) => a.area !== b.area && overlap(a.space, b.space))
      .map((b) => `${a.area} ${JSON.stringify(a.space)} ~ ${b.area} ${JSON.stringify(b.space)}`),
  );
}

const owned: Owned[] = Object.entries(KEY_AREAS).flatMap(([area, { spaces }]) =>
  spaces.map((space) => ({ area, space })),
);

const pattern = (template: string) =>
  template
    .split(ID)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^#]+');

/** Whether a built key (an item's key, a partition to query, an index entry) lies in `space`. */
function holds(space: KeySpace, key: Record<string, unknown>): boolean {
  const attribute = attributeOf(space);
  const value = key[attribute];
  if (typeof value !== 'string') return false;
  if (attribute !== 'pk' || !('sk' in space) || space.sk === undefined) {
    return new RegExp(`^${pattern(partitionOf(space))}`).test(value);
  }
  const sk = key.sk ?? key.skPrefix;
  return new RegExp(`^${pattern(space.pk)}$`).test(value) && typeof sk === 'string' && sk.startsWith(space.sk);
}

/** The areas owning each attribute of a built key: `pk` (with its sort key), and each index's partition key. */
const ownersOf = (key: Record<string, unknown>) =>
  ['pk', ...INDEX_ATTRIBUTES]
    .filter((attribute) => typeof key[attribute] === 'string')
    .map((attribute) => ({
      attribute,
      owners: owned
        .filter(({ space }) => attributeOf(space) === attribute && holds(space, key))
        .map(({ area }) => area),
    }));

const bigints = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && 'bigint' in value ? BigInt(String(value.bigint)) : value;
const samples = readFileSync(join(REPO_ROOT, 'test/unit/db/samples/keys.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter((line) => line !== '')
  .map((line) => {
    const [builder = '', args = '[]'] = line.split('\t');
    return { builder, args: JSON.parse(args, bigints) as unknown[] };
  });

const builtByArea = Object.entries(KEY_AREAS).flatMap(([area, { keys: builders }]) =>
  samples
    .filter(({ builder }) => builder in builders)
    .map(({ builder, args }) => ({
      area,
      builder,
      key:
        (builders as unknown as Record<string, (...a: unknown[]) => Record<string, unknown>>)[builder]?.(...args) ?? {},
    })),
);

describe('the parts of the table the areas own', () => {
  it('never overlap between two areas', () => {
    expect(owned.length).toBeGreaterThan(60);
    expect(sharedParts(owned)).toEqual([]);
  });

  it('are found overlapping when two areas share a prefix', () => {
    const planted: Owned[] = [
      { area: 'payouts', space: { pk: 'PAYMENTFILE#' } },
      { area: 'planted', space: { pk: 'PAYMENT' } },
      { area: 'banks', space: { pk: 'ORG#{}#CUSTOMER#{}', sk: 'BANK#' } },
      { area: 'planted', space: { pk: 'ORG#{}#CUSTOMER#{}', sk: 'BANK#DETAILS' } },
      { area: 'console', space: { pk: 'ORG#{}#AUDIT' } },
      { area: 'planted', space: { pk: 'ORG#{}#{}#', sk: 'ENTRY#' } },
      { area: 'transactions', space: { gsi1pk: 'TXPOINTER#' } },
      { area: 'planted', space: { gsi1pk: 'TX' } },
    ];
    const apart: Owned[] = [
      { area: 'custody', space: { pk: 'SWEEP#' } },
      { area: 'apart', space: { pk: 'SWEEPDUE#' } },
      { area: 'ledger', space: { pk: 'ORG#{}#CUSTOMER#{}', sk: 'BALANCE' } },
      { area: 'apart', space: { pk: 'ORG#{}', sk: 'BALANCE#USDC' } },
      { area: 'console', space: { pk: 'ORG#{}#TX#{}', sk: 'SIGNATURE#' } },
      { area: 'apart', space: { pk: 'ORG#{}#TX#{}', sk: 'TXPOINTER' } },
      { area: 'customers', space: { gsi1pk: 'ORG#{}#CUSTOMERS' } },
      { area: 'apart', space: { pk: 'ORG#{}#CUSTOMERS' } },
    ];

    expect(sharedParts(planted)).toEqual([
      'payouts {"pk":"PAYMENTFILE#"} ~ planted {"pk":"PAYMENT"}',
      'banks {"pk":"ORG#{}#CUSTOMER#{}","sk":"BANK#"} ~ planted {"pk":"ORG#{}#CUSTOMER#{}","sk":"BANK#DETAILS"}',
      'console {"pk":"ORG#{}#AUDIT"} ~ planted {"pk":"ORG#{}#{}#","sk":"ENTRY#"}',
      'transactions {"gsi1pk":"TXPOINTER#"} ~ planted {"gsi1pk":"TX"}',
    ]);
    expect(sharedParts(apart)).toEqual([]);
    expect(sharedParts([...owned, { area: 'planted', space: { pk: 'ORG#{}#CUSTOMER#' } }]).length).toBeGreaterThan(5);
  });

  it("hold every key an area's builders build, in that area's parts alone", () => {
    const stray = builtByArea
      .flatMap(({ area, builder, key }) =>
        ownersOf(key).map(({ attribute, owners }) => ({ area, builder, attribute, owners })),
      )
      // The table's own readers of the timer index query the partitions of whichever area sets a kind's timers.
      .filter(({ area, builder, owners }) =>
        area === 'table' && builder === 'timersDue' ? owners.length !== 1 : owners.join() !== area,
      );

    expect(builtByArea.length).toBe(samples.length);
    expect(stray).toEqual([]);
  });

  it('are each used by some builder', () => {
    const unused = owned.filter(({ area, space }) =>
      builtByArea.every((built) => built.area !== area || !holds(space, built.key)),
    );
    expect(unused).toEqual([]);
  });

  it('come with builders that the assembled keys hold, each under one name', () => {
    const declared = Object.values(KEY_AREAS).flatMap(({ keys: builders }) => Object.entries(builders));
    expect(declared.length).toBe(Object.keys(keys).length);
    expect(declared.filter(([name, build]) => (keys as Record<string, unknown>)[name] !== build)).toEqual([]);
  });
});
