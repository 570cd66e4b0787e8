import type * as z from '#shared/validation/zod.ts';

/**
 * The OpenAPI document's words, apart from the code that runs: each folder's `openapi-prose.ts` holds them for its
 * operations (by operationId) and its schemas, and only `shared/openapi/` imports those files, so no function's
 * bundle carries a word of them (docs/decisions/0028-bundle-size-targets.md).
 */

/** What the document says of an operation. */
export type OperationProse = {
  /** One line: the operation's title, and the description of its success response. */
  summary: string;
  /**
   * What a client must know beyond the schemas: the rules the operation enforces, what the sandbox does by itself.
   * Markdown; the operation's description, before the notes the document adds (features, sandbox, permissions).
   */
  description?: string;
  /**
   * Examples where the schemas' own do not fit this operation: the request body, and response bodies by status.
   * Error statuses have defaults (the gates' and the refusals' texts).
   */
  examples?: { request?: unknown; responses?: Partial<Record<number, unknown>> };
};

/** A schema's OpenAPI metadata: `id` names it as a component of the document. */
export type SchemaMeta = { id?: string; description?: string; examples?: readonly unknown[] };

type DefOf<S> = S extends { _zod: { def: infer D } } ? D : never;

/**
 * A schema's metadata and, by the names of its definition (`shape`, `innerType`, `element`, `in`, `out`), its
 * parts': `{ id: 'Wallet', shape: { address: { description } } }`.
 */
export type SchemaProse<S> = SchemaMeta & {
  shape?: DefOf<S> extends { shape: infer Shape } ? { [K in keyof Shape]?: SchemaProse<Shape[K]> } : never;
  innerType?: DefOf<S> extends { innerType: infer Inner } ? SchemaProse<Inner> : never;
  element?: DefOf<S> extends { element: infer Element } ? SchemaProse<Element> : never;
  in?: DefOf<S> extends { in: infer In } ? SchemaProse<In> : never;
  out?: DefOf<S> extends { out: infer Out } ? SchemaProse<Out> : never;
};

export type DescribedSchema = readonly [schema: z.ZodMiniType, prose: SchemaProse<unknown>];

/** A schema and its prose, checked against the schema's parts. */
export const schemaProse = <S extends z.ZodMiniType>(schema: S, prose: SchemaProse<S>): DescribedSchema => [
  schema,
  prose as SchemaProse<unknown>,
];

/** One folder's words: every operation of its route table, and its schemas. */
export type FolderProse<Routes> = {
  operations: { [Name in keyof Routes]: OperationProse };
  schemas: readonly DescribedSchema[];
};

/**
 * A field's schema of its own, for a field the document describes apart from the schema's other uses: prose
 * attaches to a schema object, and on a shared one it would show wherever that one is used.
 */
export const described = <S extends z.ZodMiniType>(schema: S): S => schema.clone() as S;
