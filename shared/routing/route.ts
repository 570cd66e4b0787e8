import type { Access } from '#shared/db/access.ts';
import type { Refusal } from '#shared/errors.ts';
import type * as z from '#shared/validation/zod.ts';

/** Defined (as `true`) by esbuild in every deployed function (infra/aws/bundling.ts): none builds the document. */
declare const PAYOUTS_WITHOUT_OPENAPI_PROSE: true | undefined;

/**
 * Whether the route rows carry their OpenAPI prose (`description`), which only the document reads: everywhere
 * the TypeScript runs as written (the local runtime, the tests, the document's bundling hook), and not in the
 * deployed functions, whose bundles fold every `description: OPENAPI_PROSE && ...` to `false` and drop the text.
 */
export const OPENAPI_PROSE = typeof PAYOUTS_WITHOUT_OPENAPI_PROSE === 'undefined';

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
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

/** One file part of a `multipart/form-data` body: its bytes and what the client said about it (never trusted). */
export type UploadedFile = { filename: string | null; declaredType: string | null; bytes: Buffer };

export type MultipartBody = { fields: Record<string, string>; files: Record<string, UploadedFile> };

export type RouteDefinition = {
  /** Unique, camelCase; the OpenAPI operationId and the CDK construct id come from it. */
  operationId: string;
  method: HttpMethod;
  /** API Gateway path template: `/api/v2/customers/{customerId}`. */
  path: string;
  /** The function's entry file, relative to the repository root: the Lambda entry and the local dispatch target. */
  handler: string;
  summary: string;
  /**
   * What a client must know beyond the schemas: the rules the operation enforces, what the sandbox does by
   * itself. Markdown; the OpenAPI operation's description, before the notes the generator adds (features, sandbox).
   * Written `OPENAPI_PROSE && text`: `false` in the bundles that never build the document.
   */
  description?: string | false;
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
  /**
   * Examples for the OpenAPI document, where the schemas' own (`.meta({ examples })`) do not fit this
   * operation: the request body, and response bodies by status. Error statuses have defaults (the gates' and the
   * refusals' texts).
   */
  examples?: { request?: unknown; responses?: Partial<Record<number, unknown>> };
};

/** Keeps the literal types of a route so handlers get typed params, query and body. */
export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

type Out<S> = S extends z.ZodMiniType ? z.output<S> : Record<string, never>;
export type ParamsOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['params']>;
export type QueryOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['query']>;
export type BodyOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['body']>;
/** The text fields of a route's multipart form, parsed. */
export type FormFieldsOf<R extends RouteDefinition> = Out<NonNullable<NonNullable<R['request']>['form']>['fields']>;
