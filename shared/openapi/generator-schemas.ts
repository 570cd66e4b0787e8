import type { ZodObject, ZodType } from 'zod';
import * as z from '#shared/validation/zod.ts';

/**
 * What @asteasolutions/zod-to-openapi needs of our schemas and what it gets wrong, in one place. The generator
 * walks schemas as zod classic builds them; ours are zod/mini (#shared/validation/zod.ts).
 */

/** A schema (its definition has a `type`), not one of the checks in a schema's `def.checks`. */
export const isSchema = (value: unknown): value is z.ZodMiniType =>
  typeof value === 'object' &&
  value !== null &&
  '_zod' in value &&
  typeof (value as z.ZodMiniType)._zod.def?.type === 'string';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Calls `visit` once for every schema reachable from `roots`, each after the schemas it is made of. */
function eachSchemaIn(roots: readonly unknown[], visit: (schema: z.ZodMiniType) => void): void {
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (!isSchema(value)) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (isPlainObject(value)) Object.values(value).forEach(walk);
      return;
    }
    if (seen.has(value)) return;
    seen.add(value);
    // An object's `shape` is a plain object of schemas; a lazy schema's getter would build its schema early.
    for (const [key, child] of Object.entries(value._zod.def)) if (key !== 'getter') walk(child);
    visit(value);
  };
  roots.forEach(walk);
}

type CheckDef = { check?: string; format?: string; minimum?: number; maximum?: number; length?: number };

/** A string's or number's format and length bounds, folded from its checks as classic zod does. */
function classicBounds(schema: z.ZodMiniType) {
  const own = schema._zod.traits.has('$ZodCheck') ? [schema._zod.def as CheckDef] : [];
  const checks = [...own, ...((schema._zod.def.checks ?? []).map((check) => check._zod.def) as CheckDef[])];
  let format: string | null = null;
  let minLength: number | null = null;
  let maxLength: number | null = null;
  for (const { check, ...def } of checks) {
    if ((check === 'string_format' || check === 'number_format') && format === null) format = def.format ?? null;
    if (check === 'min_length' && def.minimum !== undefined) minLength = Math.max(minLength ?? 0, def.minimum);
    if (check === 'max_length' && def.maximum !== undefined) {
      maxLength = Math.min(maxLength ?? Number.POSITIVE_INFINITY, def.maximum);
    }
    if (check === 'length_equals' && def.length !== undefined) minLength = maxLength = def.length;
  }
  return { format, minLength, maxLength };
}

/**
 * A schema's metadata as the generator takes it. The generator reads the metadata of a schema made from another
 * (`_zod.parent`: `.check()`, `.clone()`) in a form of its own: `id` becomes `_internal.refId` (the component's
 * name) and an `_internal` is always there, so that a described wrapper of a named schema shows it inline
 * (`z.optional(Named)` with a description). Any other schema's metadata it takes as it is, printing `id` as a
 * keyword. Every schema's metadata is given that first form, so the document does not depend on how a schema came
 * by its metadata.
 */
function metaOf(schema: z.ZodMiniType): Record<string, unknown> | undefined {
  const meta = z.globalRegistry.get(schema);
  if (!meta) return undefined;
  const { id, ...rest } = meta;
  return { _internal: id ? { refId: id } : {}, ...rest };
}

/**
 * The generator reads `.def` and `._zod` as both flavours have them, and a few members only classic schemas
 * carry: `.meta()` (the metadata in the global registry, where mini's `z.meta` check puts it), a nullable's
 * `.unwrap()`, a record's `keyType`/`valueType`, and the `format`/`minLength`/`maxLength` classic folds from its
 * checks. This gives each schema reachable from `root` those members, read from the same data classic's are, and
 * hands `root` over typed as the generator expects. Only the document builder calls it: request validation never
 * depends on it.
 */
export function forGenerator<S extends z.ZodMiniType>(root: S): S extends z.ZodMiniObject ? ZodObject : ZodType {
  eachSchemaIn([root], (schema) => {
    const def = schema._zod.def as { type: string } & Record<string, unknown>;
    const classic = {
      meta: () => metaOf(schema),
      ...(def.type === 'nullable' ? { unwrap: () => def.innerType } : {}),
      ...(def.type === 'record' ? { keyType: def.keyType, valueType: def.valueType } : {}),
      ...classicBounds(schema),
    };
    for (const [key, value] of Object.entries(classic)) {
      if (!(key in schema)) Object.defineProperty(schema, key, { value, enumerable: false });
    }
  });
  return root as never;
}

/**
 * Every schema with a `z.meta({ id })` reachable from these, parts before the schemas that use them. zod-to-openapi
 * names a component after the first use it meets; when that use is `z.nullable(...)`, the component itself would
 * come out nullable. Registering the named schemas first makes every use a `$ref` to the plain one.
 */
export function namedSchemasIn(roots: readonly z.ZodMiniType[]): z.ZodMiniType[] {
  const named: z.ZodMiniType[] = [];
  eachSchemaIn(roots, (schema) => {
    if (z.globalRegistry.get(schema)?.id) named.push(schema);
  });
  return named;
}

/**
 * zod-to-openapi renders a nullable registered schema as `allOf: [$ref, {type: [object, null]}]`, which no
 * null can satisfy (the $ref still demands an object). `anyOf: [$ref, {type: null}]` says what zod means.
 */
export function fixNullableRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fixNullableRefs);
  if (!node || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  const fixed = Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fixNullableRefs(value)]));
  const allOf = fixed.allOf;
  if (Array.isArray(allOf) && allOf.length === 2) {
    const [ref, nullable] = allOf as [Record<string, unknown>, Record<string, unknown>];
    const types = nullable.type;
    if (
      typeof ref.$ref === 'string' &&
      Array.isArray(types) &&
      types.includes('null') &&
      Object.keys(ref).length === 1
    ) {
      const { allOf: _allOf, ...rest } = fixed;
      const { type: _type, ...annotations } = nullable;
      return { ...rest, ...annotations, anyOf: [ref, { type: 'null' }] };
    }
  }
  return fixed;
}
