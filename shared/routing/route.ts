import type { Access } from '#shared/db/access.ts';
import type { Refusal } from '#shared/errors.ts';
import type * as z from '#shared/validation/zod.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Feature = 'customers' | 'apiWithdrawals';

/** What a console route requires of the member's role (the table: shared/console/README.md). */
export const CONSOLE_PERMISSIONS = [
  'read',
  'approve',
  'manageKeys',
  'manageWebhooks',
  'invite',
  'settings',
  'audit',
  'exportAccounts',
  'review',
  'operate',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

/** One file part of a `multipart/form-data` body: its bytes and what the client said about it (never trusted). */
export type UploadedFile = { filename: string | null; declaredType: string | null; bytes: Buffer };

export type MultipartBody = { fields: Record<string, string>; files: Record<string, UploadedFile> };

/**
 * A row of an area's route table, as the area declares it (`defineRoutes`). What only the OpenAPI document says of
 * it (summary, description, examples) is the area's `openapi-prose.ts` (shared/routing/prose.ts).
 */
export type RouteRow = {
  method: HttpMethod;
  /** API Gateway path template: `/api/v2/customers/{customerId}`. */
  path: string;
  /** The function's entry file, relative to the repository root: the Lambda entry and the local dispatch target. */
  handler: string;
  tag: string;
  /** false only for the public routes (health, OpenAPI document). */
  auth: boolean;
  /**
   * Console routes. With a permission: authenticated by the console's session cookie (never an API key) and
   * allowed only to roles with that permission (403 otherwise). `public`: the sign-in ceremonies (no session yet).
   * A console route that changes state also passes the anti-CSRF check (403): the console's `Origin` and the
   * `X-Console-Request: 1` header, which a cross-site form cannot send.
   */
  console?: { permission: ConsolePermission | 'public' };
  /**
   * `/api/v2` routes the console also calls with its session instead of a copy of a key: the permission of the
   * member's role it needs (403 otherwise). A bearer key, when sent, decides as it always did; without one the
   * session cookie is tried, and a change also needs the anti-CSRF proof (403). Absent: sessions are refused
   * (401), which keeps creating customers and moving money with the integrator's key (shared/console/README.md).
   */
  session?: { permission: ConsolePermission };
  /** Organization features that must be on (403 otherwise). */
  features?: readonly Feature[];
  /** Sandbox organizations only (404 for others). */
  sandboxOnly?: boolean;
  successStatus: number;
  access: Access;
  request?: {
    params?: z.ZodMiniObject;
    query?: z.ZodMiniObject;
    /** Absent: the route takes no body and ignores one. */
    body?: z.ZodMiniType;
    /** The body read as bytes by the use case (`rawRequest`: a provider's signed webhook), at most the JSON limit. */
    raw?: true;
    /**
     * A `multipart/form-data` body (a file upload) instead of JSON: its text fields (a strict object, so unknown
     * ones are a 400 naming them), the name of its one required file part, and the largest body read (413 beyond).
     */
    form?: {
      fields: z.ZodMiniObject;
      file: string;
      fileDescription: string;
      maxBytes: number;
      /**
       * The body's parser (`#shared/routing/multipart.ts`), named by the route so that only the functions with a
       * form carry it.
       */
      parse: (body: Buffer, contentType: string | undefined) => MultipartBody;
    };
  };
  /**
   * The success response (its status and body). The error responses come from elsewhere: the stack's own answers
   * for this route (401 with `auth`, 403 with `features`, 404 with `sandboxOnly`, 400 with request schemas; see
   * `gateStatuses`) and `refusals`; the route table (`#shared/routes.ts`) completes this with them, and the OpenAPI
   * document adds 413, 429, 500 and 503 (`commonStatuses`). A row may still list an error status here with
   * `ErrorBodySchema`, for an answer that is not a refusal constant.
   */
  responses: Partial<Record<number, z.ZodMiniType>>;
  /** What the use case refuses with (404 for a missing resource, 409, ...): each one's status, and its text as an example. */
  // biome-ignore lint/suspicious/noExplicitAny: a refusal's template arguments do not matter to the row that names it
  refusals?: readonly Refusal<any>[];
  /** Media types of the success response when it is not JSON (the docs page and its assets). */
  produces?: readonly string[];
};

export type RouteDefinition = RouteRow & {
  /** Unique, camelCase: the row's key in its area's table. The OpenAPI operationId and the CDK construct id. */
  operationId: string;
};

/** A row of `area`: its handler is a file of `functions/api/<area>/`, and the document's words are elsewhere. */
type AreaRow<Area extends string> = RouteRow & {
  handler: `functions/api/${Area}/${string}.ts`;
  operationId?: never;
  summary?: never;
  description?: never;
  examples?: never;
};

/**
 * An area's rows of the route table, each named by its key: the key is the row's `operationId`. Keeps the literal
 * types of the rows so handlers get typed params, query and body. The handler of each row is a file of the area's
 * folder (`functions/api/<area>/`); that the file exists is checked over the whole table (test/unit/routing).
 */
export function defineRoutes<const Area extends string, const Rows extends Record<string, AreaRow<Area>>>(
  area: Area,
  rows: Rows,
): { [Name in keyof Rows & string]: Rows[Name] & { operationId: Name } } {
  return Object.fromEntries(
    Object.entries(rows).map(([operationId, row]) => {
      if (!row.handler.startsWith(`functions/api/${area}/`)) throw new Error(`${operationId}: not in ${area}`);
      return [operationId, { ...row, operationId }];
    }),
  ) as never;
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : Record<string, never>;
export type ParamsOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['params']>;
export type QueryOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['query']>;
export type BodyOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['body']>;
/** The text fields of a route's multipart form, parsed. */
export type FormFieldsOf<R extends RouteDefinition> = Out<NonNullable<NonNullable<R['request']>['form']>['fields']>;
