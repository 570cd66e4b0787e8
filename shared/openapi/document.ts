import { STATUS_CODES } from 'node:http';
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { roleWithout } from '#shared/console/common/roles.ts';
import { NOT_FOUND, ServiceUnavailableError, TOO_MANY_REQUESTS, UNAUTHORIZED } from '#shared/errors.ts';
import { EVENT_TYPES, eventEnvelopeSchemaOf } from '#shared/events/contracts.ts';
import {
  commonStatuses,
  FEATURE_MESSAGES,
  INVALID_JSON,
  MAX_BODY_BYTES,
  responsesOf,
} from '#shared/http/api-handler.ts';
import { CsrfRefusedError } from '#shared/http/session.ts';
import { toFieldError } from '#shared/http/validation.ts';
import { type Example, examplesMap, JSON_TYPE, schemaExamples } from '#shared/openapi/examples.ts';
import { fixNullableRefs, forGenerator, isSchema, namedSchemasIn } from '#shared/openapi/generator-schemas.ts';
import { describeSchemas, operationProse } from '#shared/openapi/prose.ts';
import { inReadingOrder, sectionsOf, tagsOf } from '#shared/openapi/sections.ts';
import { webhookOf } from '#shared/openapi/webhooks.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { ErrorBodySchema } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The OpenAPI 3.1 document, generated from the route table and the zod schemas that validate requests (with
 * @asteasolutions/zod-to-openapi): a new row in the table is a new operation, with no second place to edit.
 */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const SECURITY_SCHEME = 'bearerAuth';
const SESSION_SCHEME = 'consoleSession';

const INFO = {
  title: 'Payout service API',
  version: 'v2',
  description: [
    'USDC-to-bank payouts for fintech organizations: customers and KYC, withdrawal banks, withdrawals, wallets and',
    'signed webhooks. New here? **Getting started**, the first section, has the calls from a customer to a settled',
    'payout in the order to make them.',
    '',
    '- **Authentication**: `Authorization: Bearer sk_sandbox_...` (or `sk_live_...`) on every operation but the',
    '  public ones (health, this document, the docs page). `npm start` prints a sandbox key (and writes it to',
    "  `.data/local.json`); the console's API keys page creates more. Use **Authorize** above to send one.",
    '- **Errors** are `{"error": "<message>"}`; a validation message names the field first and how to fix it',
    "  (`iban: A DE IBAN has 22 characters; this one has 21`); Compose's own sentences where it documents them.",
    '  Checks run in this order: 401, 403, 400 (body, query, path), 404, then business rules.',
    '- **Rate limits**: 50 requests per second per API key and 100 per organization (all its keys together),',
    '  counted across every instance of the service (the deployment may set others); over a limit: 429 with',
    '  `Retry-After` (seconds). Webhooks: at most 20 endpoints per organization (409 beyond), and per endpoint 5',
    '  test events and 10 manual redeliveries a minute (429 with `Retry-After`).',
    '- **Money** is always a decimal string, never a JSON number. Timestamps are ISO 8601 UTC with milliseconds.',
    '- **Lists** are arrays, newest first: `?limit=` (default 50, at most 200) and `?cursor=`; a `Link` header',
    '  with `rel="next"` appears when another page exists.',
    '- **Bodies** are read as JSON whatever the `Content-Type`; an empty body counts as `{}`. Unknown fields and',
    '  query parameters are refused by name (400). The one exception, the KYC document upload, takes',
    '  `multipart/form-data`.',
    '- **Sandbox** keys (`sk_sandbox_...`) also get the `/api/v2/sandbox/...` operations, which stand in for the KYC',
    '  provider, bank reviews, the chain and the payout rail; their payouts settle by themselves a few seconds after',
    '  they start. Live organizations get 404 there.',
    '- Every response carries `x-request-id` (yours, when you send a sane one).',
  ].join('\n'),
};

const CONSOLE_DESCRIPTION = [
  "The organization console's routes (`/api/console/...`, a session cookie only) and the `/api/v2` routes the console",
  'calls with its session. Not for integrators: their reference is `/api/v2/openapi.json` (`/docs`).',
].join(' ');

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed: the message names the field (body first, then query, then path).',
  401: 'Missing, malformed, unknown or revoked API key.',
  403: 'A feature of your organization is off, or a rule forbids it for this resource.',
  404: 'Not found; a resource of another organization is indistinguishable from a missing one.',
  409: 'Conflicts with the current state of the resource.',
  413: `The request body exceeds its limit: ${MAX_BODY_BYTES / 1024} KiB, or 10 MB for a document upload's file.`,
  415: 'The body is not of the media type the operation takes.',
  422: 'Well-formed, but cannot be processed as asked.',
  429: 'Over a rate limit (per API key, per organization, or per webhook endpoint); retry after `Retry-After` seconds.',
  500: 'Unexpected failure; details stay in the service logs under the request id.',
  503: 'The database is throttled or unavailable; nothing was half-written. Retry after `Retry-After` seconds.',
};

/** Answers of the stack itself, the same for every route that can give them. */
const STACK_ERROR_EXAMPLES: Record<number, string> = {
  401: UNAUTHORIZED.message,
  413: `Request body exceeds ${MAX_BODY_BYTES / 1024} KiB`,
  429: TOO_MANY_REQUESTS.message,
  500: 'Internal server error',
  503: new ServiceUnavailableError().message,
};

const headers = {
  requestId: {
    description: "The request's id: the caller's `x-request-id` when sane, else a new one.",
    schema: { type: 'string' },
  },
  link: {
    description: 'Present when another page exists: `<https://.../path?cursor=...>; rel="next"`.',
    schema: { type: 'string' },
  },
  retryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'string', pattern: '^\\d+$' } },
} as const;

/** Real 400 messages of this route, from its own schemas given typical mistakes; no request needed. */
function validationExamples(route: RouteDefinition): Example[] {
  const { body, query, params, form } = route.request ?? {};
  const examples: Example[] = [];
  const failure = (schema: z.ZodMiniType, input: unknown, summary: string) => {
    const result = schema.safeParse(input, { reportInput: true });
    if (!result.success) {
      const { message, fields } = toFieldError(result.error, [], schema);
      examples.push({ summary, value: fields ? { error: message, fields } : { error: message } });
    }
  };
  if (body) {
    examples.push({ summary: 'Malformed JSON', value: { error: INVALID_JSON.message } });
    failure(body, {}, 'Missing field');
    failure(body, { unexpected: true }, 'Unknown field');
  }
  if (form) {
    failure(form.fields, {}, 'Missing field');
    failure(form.fields, { unexpected: '1' }, 'Unknown field');
  }
  if (query) failure(query, { unexpected: '1' }, 'Unknown query parameter');
  if (params)
    failure(params, Object.fromEntries(Object.keys(params.shape).map((key) => [key, '!'])), 'Invalid path parameter');
  return examples;
}

function consoleForbidden(route: RouteDefinition): Example[] {
  const permission = route.console?.permission ?? route.session?.permission;
  if (!permission) return [];
  return [
    ...(route.method === 'GET'
      ? []
      : [{ summary: 'No anti-CSRF proof', value: { error: new CsrfRefusedError().message } }]),
    ...(permission === 'public' || !roleWithout(permission)
      ? []
      : [
          {
            summary: `A role without \`${permission}\``,
            value: { error: `The ${roleWithout(permission)} role may not do this` },
          },
        ]),
  ];
}

function errorExamples(route: RouteDefinition, status: number): Example[] {
  if (status === 400) return validationExamples(route);
  if (status === 403) {
    return [
      ...(route.features ?? []).map((feature) => ({
        summary: `The ${feature} feature is off`,
        value: { error: FEATURE_MESSAGES[feature] },
      })),
      ...consoleForbidden(route),
    ];
  }
  if (status === 404 && route.sandboxOnly) {
    return [
      { summary: 'A live organization: sandbox routes do not exist for it', value: { error: NOT_FOUND.message } },
    ];
  }
  const message = STACK_ERROR_EXAMPLES[status];
  return message ? [{ summary: STATUS_CODES[status] ?? String(status), value: { error: message } }] : [];
}

/** The route's own example first, then the schema's, then (for errors) its refusals' texts and what the stack answers. */
function responseExamples(route: RouteDefinition, status: number): Example[] {
  const own = operationProse(route).examples?.responses?.[status];
  const examples: Example[] = own === undefined ? [] : [{ summary: 'Example', value: own }];
  if (status >= 400) {
    const stack = errorExamples(route, status);
    // A refusal the stack itself answers (401, 429) keeps the stack's example and its summary.
    const refusals = (route.refusals ?? []).filter(
      (refusal) =>
        refusal.status === status && !stack.some(({ value }) => (value as { error: string }).error === refusal.message),
    );
    return [
      ...examples,
      ...refusals.map((refusal) => ({ summary: 'Example', value: { error: refusal.message } })),
      ...stack,
    ];
  }
  return [...examples, ...schemaExamples(route.responses[status]).map((value) => ({ summary: 'Example', value }))];
}

function statusDescription(route: RouteDefinition, status: number): string {
  if (status === route.successStatus) return operationProse(route).summary;
  return STATUS_DESCRIPTIONS[status] ?? STATUS_CODES[status] ?? String(status);
}

function responseOf(route: RouteDefinition, status: number, schema: z.ZodMiniType | undefined): ResponseConfig {
  const examples = examplesMap(responseExamples(route, status));
  const isSuccess = status === route.successStatus;
  const isList = isSuccess && route.request?.query?.shape && 'cursor' in route.request.query.shape;
  const mediaTypes = isSuccess && route.produces ? route.produces : [JSON_TYPE];
  return {
    description: statusDescription(route, status),
    headers: {
      'x-request-id': headers.requestId,
      ...(isList ? { Link: headers.link } : {}),
      ...(status === 503 || status === 429 ? { 'Retry-After': headers.retryAfter } : {}),
    },
    content: Object.fromEntries(
      mediaTypes.map((type) => [
        type,
        { schema: forGenerator(schema ?? ErrorBodySchema), ...(Object.keys(examples).length ? { examples } : {}) },
      ]),
    ),
  };
}

function requestBodyExamples(route: RouteDefinition, body: z.ZodMiniType): Example[] {
  const own = operationProse(route).examples?.request;
  const examples: Example[] = own === undefined ? [] : [{ summary: 'Example', value: own }];
  examples.push(...schemaExamples(body).map((value) => ({ summary: 'Example', value })));
  if (!examples.length && body.safeParse({}).success) examples.push({ summary: 'No fields', value: {} });
  return examples;
}

function operationDescription(route: RouteDefinition, audience: Audience): string | undefined {
  const { description } = operationProse(route);
  const notes = [
    ...(description ? [description] : []),
    ...(route.features ?? []).map(
      (feature) => `Needs the \`${feature}\` feature of your organization (403 otherwise).`,
    ),
    ...(route.sandboxOnly ? ['Sandbox organizations only; others get 404.'] : []),
    ...(route.console && route.console.permission !== 'public'
      ? [`Console session; needs the \`${route.console.permission}\` permission of the member's role (403 otherwise).`]
      : []),
    ...(route.session && audience === 'console'
      ? [
          `The console may call this with its session instead of a key: needs the \`${route.session.permission}\` ` +
            "permission of the member's role (403 otherwise)" +
            (route.method === 'GET' ? '.' : ", and the console's `Origin` and `X-Console-Request: 1` (403)."),
        ]
      : []),
  ];
  return notes.length ? notes.join('\n\n') : undefined;
}

/**
 * Who reads a document: integrators (the public document, `/api/v2/openapi.json`: keys only) or the console (its
 * cookie routes and the API routes it calls with its session, for its generated types and its tests).
 */
type Audience = 'public' | 'console';

/** Alternatives: a key, or (console routes, and API routes the console calls) the console's session. */
function securityOf(route: RouteDefinition, audience: Audience): Record<string, string[]>[] {
  if (route.console) return [{ [SESSION_SCHEME]: [] }];
  return [{ [SECURITY_SCHEME]: [] }, ...(route.session && audience === 'console' ? [{ [SESSION_SCHEME]: [] }] : [])];
}

/**
 * A multipart form as OpenAPI shows it: its text fields and its file part (`format: binary`), with the fields'
 * metadata (their examples).
 */
const formSchema = (form: NonNullable<NonNullable<RouteDefinition['request']>['form']>) =>
  z
    .extend(form.fields, {
      [form.file]: z.string().check(z.meta({ format: 'binary', description: form.fileDescription })),
    })
    .check(z.meta({ ...z.globalRegistry.get(form.fields) }));

function operationOf(route: RouteDefinition, audience: Audience): RouteConfig {
  const { params, query, body, form } = route.request ?? {};
  const responses = responsesOf(route);
  const statuses = [...new Set([...Object.keys(responses).map(Number), ...commonStatuses(route)])].sort(
    (a, b) => a - b,
  );
  const description = operationDescription(route, audience);
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: route.path,
    operationId: route.operationId,
    summary: operationProse(route).summary,
    ...(description ? { description } : {}),
    tags: tagsOf(route),
    // An empty list marks a public operation explicitly.
    security: route.auth ? securityOf(route, audience) : [],
    request: {
      ...(params ? { params: forGenerator(params) } : {}),
      ...(query ? { query: forGenerator(query) } : {}),
      ...(body
        ? {
            body: {
              // An empty body counts as `{}`, so a body that accepts `{}` may be left out.
              required: !body.safeParse({}).success,
              content: {
                [JSON_TYPE]: { schema: forGenerator(body), examples: examplesMap(requestBodyExamples(route, body)) },
              },
            },
          }
        : {}),
      ...(form
        ? {
            body: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: forGenerator(formSchema(form)),
                  examples: examplesMap(
                    schemaExamples(form.fields).map((value) => ({
                      summary: 'Example',
                      value: { ...(value as object), [form.file]: '(the file, as a binary part)' },
                    })),
                  ),
                },
              },
            },
          }
        : {}),
    },
    responses: Object.fromEntries(statuses.map((status) => [status, responseOf(route, status, responses[status])])),
  };
}

const schemasOf = (route: RouteDefinition): z.ZodMiniType[] => [
  ...Object.values(route.request ?? {}).filter(isSchema),
  ...Object.values(route.responses).filter(isSchema),
];

/** The public document (`/api/v2/openapi.json`, `/docs`): every route but the console's own, in reading order. */
export const buildOpenApiDocument = (routes: readonly RouteDefinition[]): OpenApiDocument =>
  buildDocument(
    routes.filter((route) => !route.console),
    'public',
  );

/**
 * The console's document: its cookie routes and the API routes it calls with its session. The console's types are
 * generated from it (`npm run openapi:types`), and the tests hold the console's responses to it.
 */
export const buildConsoleOpenApiDocument = (routes: readonly RouteDefinition[]): OpenApiDocument =>
  buildDocument(
    routes.filter((route) => route.console || route.session),
    'console',
  );

function buildDocument(routes: readonly RouteDefinition[], audience: Audience): OpenApiDocument {
  describeSchemas();
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_sandbox_... or sk_live_...',
    description: [
      'An API key of your organization; paste it without `Bearer ` (the header becomes `Authorization: Bearer sk_...`).',
      'Where keys come from: `npm start` prints a sandbox key and writes it to `.data/local.json` (`apiKey`); the',
      "console's **API keys** page (`/console/#/api-keys`) creates more, each shown once; an operator creates a live",
      "organization's first key with `npm run admin -- key create <organizationId>`.",
    ].join(' '),
  });
  if (audience === 'console') {
    registry.registerComponent('securitySchemes', SESSION_SCHEME, {
      type: 'apiKey',
      in: 'cookie',
      name: 'console_session',
      description:
        "The console's session (`__Host-console_session` outside localhost), set by the sign-in routes; HttpOnly, " +
        'SameSite=Strict. Changes also need `Origin` (the console) and `X-Console-Request: 1`.',
    });
  }
  const ordered = inReadingOrder(routes);
  for (const route of ordered) registry.registerPath(operationOf(route, audience));
  for (const type of EVENT_TYPES) registry.registerWebhook(webhookOf(type));

  // The webhook events have a section of their own in renderers; as a tag they would show an empty one.
  const named = namedSchemasIn([...ordered.flatMap(schemasOf), ...EVENT_TYPES.map(eventEnvelopeSchemaOf)]);
  // Plain zod schemas in this list are not recognised with zod 4 (they have a `type` of their own): wrap them.
  const definitions = [
    ...named.map((schema) => ({ type: 'schema' as const, schema: forGenerator(schema) })),
    ...registry.definitions,
  ];
  const document = new OpenApiGeneratorV31(definitions).generateDocument({
    openapi: '3.1.0',
    info:
      audience === 'public' ? INFO : { ...INFO, title: 'Payout service console API', description: CONSOLE_DESCRIPTION },
    tags: sectionsOf(ordered),
  });
  return fixNullableRefs(document) as OpenApiDocument;
}
