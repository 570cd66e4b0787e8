import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { roleWithout } from '#shared/console/common/roles.ts';
import { requestBudgetMs, withDatabaseDeadline } from '#shared/db/client.ts';
import { isTransientDatabaseError } from '#shared/db/errors.ts';
import { appDeps, type Deps } from '#shared/deps.ts';
import {
  FieldError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  refusal,
  ServiceUnavailableError,
} from '#shared/errors.ts';
import { type AuthContext, authenticate } from '#shared/http/auth.ts';
import { recordKeyUse } from '#shared/http/key-use.ts';
import { requestLogKeys, requestOutcomeMiddleware } from '#shared/http/observability.ts';
import { enforceRateLimits } from '#shared/http/rate-limits.ts';
import { RawReply, Reply } from '#shared/http/reply.ts';
import { apiSessionGate, consoleGate } from '#shared/http/session.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { newId } from '#shared/ids.ts';
import { log, withLogKeys } from '#shared/log.ts';
import type { BodyOf, FormFieldsOf, ParamsOf, QueryOf, RouteDefinition, UploadedFile } from '#shared/routing/route.ts';
import { ErrorBodySchema } from '#shared/routing/schemas.ts';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export const MAX_BODY_BYTES = 64 * 1024;

export const INVALID_JSON = refusal(400, 'Invalid JSON body');

export const FEATURE_MESSAGES = {
  customers: 'Customers feature is not enabled for your organization',
  apiWithdrawals: 'API withdrawals are not enabled for your organization',
} as const;

type ActorOf<R extends RouteDefinition> = R['console'] extends { permission: infer P }
  ? P extends 'public'
    ? undefined
    : ConsoleActor
  : R['session'] extends { permission: string }
    ? ConsoleActor | undefined
    : undefined;

export type HandlerInput<R extends RouteDefinition> = {
  deps: Deps;
  auth: R['auth'] extends true ? AuthContext : AuthContext | undefined;
  /**
   * Console routes: the signed-in member, the organization and the request's source address. API routes with a
   * `session` permission: the member when a session (not a key) called, so the change can be audited as theirs.
   */
  actor: ActorOf<R>;
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  /** Routes with a multipart form: its parsed text fields and its file (`request.form`). */
  form: { fields: FormFieldsOf<R>; file: UploadedFile };
  event: ApiEvent;
  requestId: string;
};

/** State the middlewares build up for one request, kept off the event so the event stays what API Gateway sent. */
type RequestState = {
  requestId: string;
  auth?: AuthContext;
  actor?: ConsoleActor;
  params: unknown;
  query: unknown;
  body: unknown;
  form?: { fields: unknown; file: UploadedFile };
};

type ApiContext = Context & { api: RequestState };
type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext>;

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const header = (event: ApiEvent, name: string): string | undefined => {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
};

const json = (
  statusCode: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): ApiResult => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...headers },
  body: JSON.stringify(body),
});

/** Takes the caller's `x-request-id` when it is sane, else API Gateway's request id, else a new one. */
const requestIdMiddleware: ApiMiddleware = {
  before: (request) => {
    const given = header(request.event, 'x-request-id');
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : request.event.requestContext?.requestId || newId();
    request.context.api = { requestId, params: {}, query: {}, body: undefined };
  },
};

const sessionAuth = (actor: ConsoleActor): AuthContext => ({
  organizationId: actor.organization.organizationId,
  organization: actor.organization,
  apiKeyId: null,
});

const authMiddleware = (route: RouteDefinition, deps: () => Deps): ApiMiddleware => ({
  before: async (request) => {
    const state = request.context.api;
    if (route.console) {
      const actor = await consoleGate(deps(), route, request.event);
      if (!actor) return;
      state.actor = actor;
      state.auth = sessionAuth(actor);
      return;
    }
    if (!route.auth) return;
    const actor = await apiSessionGate(deps(), route, request.event);
    if (actor) {
      // A session has no key: its requests count against its organization's limit, as every key's do.
      await enforceRateLimits(deps(), sessionAuth(actor));
      state.actor = actor;
      state.auth = sessionAuth(actor);
      return;
    }
    const auth = await authenticate(deps(), header(request.event, 'authorization'));
    await Promise.all([enforceRateLimits(deps(), auth), recordKeyUse(deps(), auth)]);
    state.auth = auth;
  },
});

const featureGateMiddleware = (route: RouteDefinition): ApiMiddleware => ({
  before: (request) => {
    const organization = request.context.api.auth?.organization;
    if (!organization) return;
    for (const feature of route.features ?? []) {
      if (!organization.features[feature]) throw new ForbiddenError(FEATURE_MESSAGES[feature]);
    }
    // Sandbox routes do not exist for live organizations.
    if (route.sandboxOnly && organization.environment !== 'sandbox') throw new NotFoundError();
  },
});

/** The body's bytes as the client sent them (API Gateway base64-encodes binary bodies), at most `limit`. */
function bodyBytes(event: ApiEvent, limit: number): Buffer {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.length > limit) throw new PayloadTooLargeError(limit);
  return bytes;
}

/**
 * The raw request as received, for a route that authenticates its body's bytes itself (a provider's signed
 * webhook): the body (at most the JSON body limit) and its headers by name, in any letter case.
 */
export const rawRequest = (event: ApiEvent) => ({
  body: bodyBytes(event, MAX_BODY_BYTES),
  header: (name: string) => header(event, name.toLowerCase()),
});

function readBody(event: ApiEvent): unknown {
  const text = bodyBytes(event, MAX_BODY_BYTES).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw INVALID_JSON.error();
  }
}

/** A multipart form: its text fields parsed with the route's schema, then its one required file part. */
function readForm(form: NonNullable<NonNullable<RouteDefinition['request']>['form']>, event: ApiEvent) {
  const { fields, files } = form.parse(bodyBytes(event, form.maxBytes), header(event, 'content-type'));
  const stray = Object.keys(files).find((name) => name !== form.file);
  if (stray) throw new FieldError(stray, 'Unrecognized field');
  const parsed = parseOrThrow(form.fields, fields);
  const file = files[form.file];
  if (!file) throw new FieldError(form.file, form.file in fields ? 'Must be a file' : 'Required');
  return { fields: parsed, file };
}

/** Shape checks in the contract's order: body, then query, then path. None of them reads the database. */
const validationMiddleware = (route: RouteDefinition): ApiMiddleware => ({
  before: (request) => {
    const { event } = request;
    const state = request.context.api;
    const { body, query, params, form } = route.request ?? {};
    if (body) state.body = parseOrThrow(body, readBody(event));
    if (form) state.form = readForm(form, event);
    state.query = query ? parseOrThrow(query, event.queryStringParameters ?? {}) : {};
    state.params = params ? parseOrThrow(params, event.pathParameters ?? {}) : {};
  },
});

/** Registered last so it sees every error first: known errors keep their status, anything else is a logged 500. */
const errorMiddleware = (route: RouteDefinition): ApiMiddleware => ({
  onError: (request) => {
    const error = request.error;
    const requestId = request.context.api?.requestId ?? newId();
    const keys = requestLogKeys(route, request.context.api ?? { requestId }, request.context);
    if (error instanceof HttpError) {
      const fields = error instanceof FieldError && error.fields ? { fields: error.fields } : {};
      request.response = json(error.statusCode, { error: error.message, ...fields }, requestId, error.headers);
      return;
    }
    if (isTransientDatabaseError(error)) {
      log.warn('database unavailable', { ...keys, error });
      const unavailable = new ServiceUnavailableError();
      request.response = json(503, { error: unavailable.message }, requestId, unavailable.headers);
      return;
    }
    log.error('unhandled error', { ...keys, error });
    request.response = json(500, { error: 'Internal server error' }, requestId);
  },
});

/**
 * The one middleware stack of every API function: request id, outcome metrics, authentication, feature gates,
 * validation, error mapping. The handler receives typed, validated input and returns a body (or a `Reply`).
 */
export function apiHandler<const R extends RouteDefinition>(
  route: R,
  impl: (input: HandlerInput<R>) => Promise<unknown> | unknown,
  deps: () => Deps = appDeps,
) {
  const base = async (event: ApiEvent, context: ApiContext): Promise<ApiResult> => {
    const state = context.api;
    // Whatever the use case logs carries the request's keys (request id, organization, transaction).
    const result = await withLogKeys(requestLogKeys(route, state, context), () =>
      impl({
        deps: deps(),
        auth: state.auth as HandlerInput<R>['auth'],
        actor: state.actor as HandlerInput<R>['actor'],
        params: state.params as ParamsOf<R>,
        query: state.query as QueryOf<R>,
        body: state.body as BodyOf<R>,
        form: state.form as HandlerInput<R>['form'],
        event,
        requestId: state.requestId,
      }),
    );
    if (result instanceof RawReply) {
      const binary = Buffer.isBuffer(result.body);
      return {
        statusCode: route.successStatus,
        headers: { 'content-type': result.contentType, 'x-request-id': state.requestId, ...result.headers },
        body: binary ? result.body.toString('base64') : result.body.toString(),
        isBase64Encoded: binary,
      };
    }
    if (result instanceof Reply) {
      const status = result.options.statusCode ?? route.successStatus;
      const response = json(status, result.body, state.requestId, result.options.headers);
      return result.options.cookies ? { ...response, cookies: result.options.cookies } : response;
    }
    return json(route.successStatus, result, state.requestId);
  };
  const stack = middy<ApiEvent, ApiResult, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(requestIdMiddleware)
    .use(requestOutcomeMiddleware(route))
    .use(authMiddleware(route, deps))
    .use(featureGateMiddleware(route))
    .use(validationMiddleware(route))
    .use(errorMiddleware(route))
    .handler(base);
  // The whole request, its gates and its use case, waits for the database until one deadline
  // (shared/db/client.ts `requestBudgetMs`): a hung database is answered in time, with one abort timer.
  return (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const at = Date.now() + requestBudgetMs(deps().config, context.getRemainingTimeInMillis?.());
    return withDatabaseDeadline(at, () => stack(event, context as ApiContext));
  };
}

/**
 * A console route, or an API route a session may call, answers 403 to a role without its permission, and to a
 * change without the anti-CSRF proof.
 */
const consoleForbids = (route: RouteDefinition) => {
  const permission = route.console?.permission ?? route.session?.permission;
  if (permission === undefined) return false;
  if (route.method !== 'GET') return true;
  return permission !== 'public' && roleWithout(permission) !== undefined;
};

/**
 * The statuses this stack answers for a route before its handler runs: 401 (auth), 403 (feature gates),
 * 404 (sandbox routes for live organizations), 400 (request shape). The route table declares each of them
 * (`withErrorResponses`).
 */
export function gateStatuses(route: RouteDefinition): number[] {
  const { params, query, body, form } = route.request ?? {};
  return [
    ...(route.auth ? [401] : []),
    ...(route.features?.length || consoleForbids(route) ? [403] : []),
    ...(route.sandboxOnly ? [404] : []),
    ...(params || query || body || form ? [400] : []),
    // A form's body must be multipart/form-data.
    ...(form ? [415] : []),
  ];
}

/**
 * What any route may answer whatever its handler does: 413 for a body over the limit, 429 over a rate limit
 * (authenticated routes: shared/http/rate-limits.ts), 503 while the database
 * is throttled or unavailable (every authenticated request reads it), 500. The OpenAPI document adds these to
 * every operation instead of each row repeating them.
 */
export function commonStatuses(route: RouteDefinition): number[] {
  return [
    ...(route.request?.body || route.request?.form || route.request?.raw ? [413] : []),
    ...(route.auth ? [429] : []),
    500,
    ...(route.auth || route.access.table !== 'none' ? [503] : []),
  ];
}

/** Every status a route answers with its body: its row's own, then its gates' and its refusals' (the error object). */
export function responsesOf(route: RouteDefinition): RouteDefinition['responses'] {
  const errors = [...gateStatuses(route), ...(route.refusals ?? []).map((refusal) => refusal.status)];
  return { ...Object.fromEntries(errors.map((status) => [status, ErrorBodySchema])), ...route.responses };
}

/** The rows of the route table with their error responses declared, as the document and the contract tests read them. */
export const withErrorResponses = <const T extends Record<string, RouteDefinition>>(rows: T): T =>
  Object.fromEntries(
    Object.entries(rows).map(([name, route]) => [name, { ...route, responses: responsesOf(route) }]),
  ) as T;
