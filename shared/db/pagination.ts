import type { Db } from '#shared/db/client.ts';
import { type PageEnd, queryPage } from '#shared/db/query.ts';
import { type IndexName, TABLE } from '#shared/db/table.ts';
import { FieldError } from '#shared/errors.ts';
import * as z from '#shared/validation/zod.ts';

export type Page<T> = { items: T[]; nextCursor: string | undefined };

const keyPart = z.string().check(z.maxLength(512));
/** A cursor holds the table's key and the listed index's key of the last item: nothing else is accepted. */
const cursorSchemaOf = (index: IndexName) =>
  z.strictObject({
    pk: keyPart,
    sk: keyPart,
    [TABLE.indexes[index].partitionKey]: keyPart,
    [TABLE.indexes[index].sortKey]: keyPart,
  });

const invalidCursor = () => new FieldError('cursor', 'Invalid cursor');

function encodeCursor(item: Record<string, unknown>, index: IndexName): string {
  const { partitionKey, sortKey } = TABLE.indexes[index];
  const key = {
    pk: item[TABLE.partitionKey],
    sk: item[TABLE.sortKey],
    [partitionKey]: item[partitionKey],
    [sortKey]: item[sortKey],
  };
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * A cursor is the position of the last item returned. It is checked to belong to the partition being
 * listed, so a crafted cursor cannot move a query into another organization's partition.
 */
function decodeCursor(cursor: string, partition: string, index: IndexName) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorSchemaOf(index).safeParse(parsed);
  if (!result.success || result.data[TABLE.indexes[index].partitionKey] !== partition) throw invalidCursor();
  return result.data;
}

/** A filter in code reads at most this many items per page, then answers what it found and where to go on. */
export const MAX_EXAMINED_PER_PAGE = 1000;

/**
 * Newest-first page of one list partition of the gsi1 index (or of `index`). It reads one item beyond `limit` so the
 * response says there is more only when there really is.
 */
export async function queryListPage<T>(
  db: Db,
  input: {
    /** gsi1 unless named: the per-owner lists. */
    index?: 'gsi1' | 'gsi3';
    partition: string;
    /** Optional bounds on the listed index's sort key (`<createdAt>#<id>`): from `from` up to, not including, `to`. */
    sortKeyRange?: { from: string; to: string } | undefined;
    limit: number;
    cursor?: string | undefined;
    parse: (item: Record<string, unknown>) => T;
    /** Optional FilterExpression; pages keep reading until `limit` matching items (or the end) are found. */
    filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> } | undefined;
    /**
     * Optional filter in code, on the parsed item (what no expression can say, such as a case-insensitive match).
     * At most `MAX_EXAMINED_PER_PAGE` items are read for one page: a page may then hold fewer than `limit` items
     * (even none) and still have a next one.
     */
    matches?: ((item: T) => boolean) | undefined;
  },
): Promise<Page<T>> {
  const index = input.index ?? 'gsi1';
  const start = input.cursor ? decodeCursor(input.cursor, input.partition, index) : undefined;
  const collected: { raw: Record<string, unknown>; item: T }[] = [];
  const matches = input.matches;
  let examined = 0;
  let lastExamined: Record<string, unknown> | undefined;
  let exclusiveStartKey: PageEnd | undefined = start;
  const spec = {
    index,
    partition: input.partition,
    // `<to>` sorts before every `<to>#<id>`, so BETWEEN stops short of the items created at `to`.
    sortKey: input.sortKeyRange,
    filter: input.filter,
    descending: true,
  };
  do {
    const wanted = input.limit + 1 - collected.length;
    const page = await queryPage(db, spec, {
      // A filter in code reads wider pages: most items read may not match.
      limit: matches ? Math.min(Math.max(wanted, 100), MAX_EXAMINED_PER_PAGE - examined) : wanted,
      start: exclusiveStartKey,
    });
    for (const raw of page.items) {
      const item = input.parse(raw);
      examined += 1;
      lastExamined = raw;
      if (!matches || matches(item)) collected.push({ raw, item });
      if (collected.length > input.limit) break;
    }
    exclusiveStartKey = page.end;
  } while (exclusiveStartKey && collected.length <= input.limit && (!matches || examined < MAX_EXAMINED_PER_PAGE));
  const items = collected.slice(0, input.limit);
  const last = items.at(-1);
  let nextCursor: string | undefined;
  if (collected.length > input.limit && last) nextCursor = encodeCursor(last.raw, index);
  // The reading budget ran out before the end: go on after the last item read, matching or not.
  else if (exclusiveStartKey && matches && lastExamined) nextCursor = encodeCursor(lastExamined, index);
  return { items: items.map(({ item }) => item), nextCursor };
}
