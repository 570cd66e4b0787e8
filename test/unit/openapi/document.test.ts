import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '#shared/events/contracts.ts';
import { commonStatuses } from '#shared/http/api-handler.ts';
import { buildConsoleOpenApiDocument, buildOpenApiDocument } from '#shared/openapi/document.ts';
import { operationProse } from '#shared/openapi/prose.ts';
import { tagsOf } from '#shared/openapi/sections.ts';
import { routeList, routes } from '#shared/routes.ts';
import { contractOf } from '#test/support/openapi-contract.ts';

// biome-ignore lint/suspicious/noExplicitAny: the test walks a JSON document whose shape it asserts
type Json = Record<string, any>;
const document = buildOpenApiDocument(routeList) as Json;
const consoleDocument = buildConsoleOpenApiDocument(routeList) as Json;
const contract = contractOf(document);
/** The public document's routes: every one but the console's own (those are in the console's document). */
const publicRoutes = routeList.filter((route) => !route.console);

const operationOf = (route: { method: string; path: string }, of: Json = document): Json =>
  of.paths[route.path]?.[route.method.toLowerCase()];

/** Every media type of every response and request body: where its examples are, and the schema they must match. */
function mediaOf(operation: Json) {
  const entries: { where: string; media: Json }[] = [];
  for (const [type, media] of Object.entries<Json>(operation.requestBody?.content ?? {})) {
    entries.push({ where: `${operation.operationId} request ${type}`, media });
  }
  for (const [status, response] of Object.entries<Json>(operation.responses)) {
    for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
      entries.push({ where: `${operation.operationId} ${status} ${type}`, media });
    }
  }
  return entries;
}

describe('the OpenAPI document', () => {
  it('passes an independent OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(document) as never);

    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.specification).toBe('OpenAPI');
    expect(document.openapi).toBe('3.1.0');
  });

  it('has every route of the table at its method and path, with its summary, tag and every status it answers', () => {
    for (const route of routeList) {
      const operation = operationOf(route, route.console ? consoleDocument : document);
      const statuses = [...Object.keys(route.responses), ...commonStatuses(route).map(String)];

      expect(operation, `${route.method} ${route.path}`).toMatchObject({
        operationId: route.operationId,
        summary: operationProse(route).summary,
        tags: tagsOf(route),
      });
      expect(Object.keys(operation.responses).sort(), route.operationId).toEqual([...new Set(statuses)].sort());
    }
  });

  it('describes path and query parameters and the body from the schemas that validate them', () => {
    const getCustomer = operationOf(routes.getCustomer);
    const listCustomers = operationOf(routes.listCustomers);
    const createCustomer = operationOf(routes.createCustomer);
    const rejectKyc = operationOf(routes.sandboxRejectKyc);

    expect(getCustomer.parameters).toEqual([
      expect.objectContaining({
        name: 'customerId',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
    expect(listCustomers.parameters.map((p: Json) => [p.name, p.in, p.required])).toEqual([
      ['limit', 'query', false],
      ['cursor', 'query', false],
      ['search', 'query', false],
    ]);
    expect(createCustomer.requestBody.required).toBe(true);
    expect(document.components.schemas.CreateCustomerRequest).toMatchObject({
      required: ['name', 'accountType', 'email'],
      additionalProperties: false,
      properties: { name: { minLength: 1, maxLength: 140 }, email: { format: 'email' } },
    });
    // An empty body counts as `{}`, so a body with no required field may be left out.
    expect(rejectKyc.requestBody.required).toBe(false);
  });

  it('marks public operations as needing no key and every other one the bearer key; no cookie anywhere', () => {
    for (const route of publicRoutes) {
      expect(operationOf(route).security, route.operationId).toEqual(route.auth ? [{ bearerAuth: [] }] : []);
    }
    expect(operationOf(routes.listCustomers).security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(operationOf(routes.health).security).toEqual([]);
    expect(operationOf(routes.getOpenApiDocument).security).toEqual([]);
  });

  it('gives the console its own document: its cookie routes, and the session beside the key where it calls the API', () => {
    for (const route of routeList) {
      const operation = operationOf(route, consoleDocument);
      if (!route.console && !route.session) {
        expect(operation, route.operationId).toBeUndefined();
        continue;
      }
      const schemes = route.console ? ['consoleSession'] : ['bearerAuth', 'consoleSession'];
      const expected = route.auth ? schemes.map((scheme) => ({ [scheme]: [] })) : [];
      expect(operation.security, route.operationId).toEqual(expected);
    }
    expect(operationOf(routes.listCustomers, consoleDocument).security).toEqual([
      { bearerAuth: [] },
      { consoleSession: [] },
    ]);
    expect(consoleDocument.components.securitySchemes.consoleSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('answers every error with the one error object', () => {
    for (const route of routeList) {
      const operation = operationOf(route, route.console ? consoleDocument : document);
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content['application/json'].schema, `${route.operationId} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    expect(document.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { type: 'string' } },
    });
  });

  it('carries examples for every request body and every response, each valid against its schema', () => {
    const operations = [
      ...Object.values<Json>(document.paths).flatMap((item) => Object.values<Json>(item)),
      ...Object.values<Json>(document.webhooks).flatMap((item) => Object.values<Json>(item)),
    ];
    for (const operation of operations) {
      for (const { where, media } of mediaOf(operation)) {
        const examples = Object.values<Json>(media.examples ?? {});

        expect(examples.length, `${where} has no example`).toBeGreaterThan(0);
        if (!where.includes('json')) continue;
        for (const example of examples) contract.checkValue(media.schema, example.value, where);
      }
    }
  });

  it("shows the 400s a route's own schemas give, the exact 401, and the feature gate's 403", () => {
    const createCustomer = operationOf(routes.createCustomer).responses;
    const values = (response: Json) =>
      Object.values<Json>(response.content['application/json'].examples).map((example) => example.value.error);

    expect(values(createCustomer[400])).toEqual(
      expect.arrayContaining([
        'Invalid JSON body',
        'Name is required, accountType: Must be one of: individual, corporate, email: Required',
      ]),
    );
    expect(values(createCustomer[401])).toEqual(['Unauthorized - Invalid or missing API key or session']);
    expect(values(createCustomer[403])).toEqual(['Customers feature is not enabled for your organization']);
    expect(values(operationOf(routes.getCustomer).responses[400])).toContain('customerId: Must be a UUID');
  });

  it('lets a nullable named schema be null where it is nullable, and only there', () => {
    const customer = { ...document.components.schemas.Customer.examples[0] };
    const address = document.components.schemas.Address.examples[0];
    const customerSchema = { $ref: '#/components/schemas/Customer' };

    expect(() => contract.checkValue(customerSchema, { ...customer, address: null }, 'customer')).not.toThrow();
    expect(() => contract.checkValue(customerSchema, { ...customer, address }, 'customer')).not.toThrow();
    expect(() => contract.checkValue({ $ref: '#/components/schemas/Address' }, null, 'address')).toThrow(/match/);
  });

  it('describes every webhook event with its typed envelope and the Standard Webhooks headers', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const operation = document.webhooks[type].post;
      const schema = operation.requestBody.content['application/json'].schema;

      expect(operation.parameters.map((p: Json) => [p.name, p.in, p.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      expect(schema.properties.event_type.enum).toEqual([type]);
      expect(schema.required).toEqual(['event_id', 'event_type', 'created_at', 'api_version', 'org_id', 'data']);
      expect(Object.keys(operation.responses)).toEqual(['2XX']);
    }
    expect(
      document.webhooks['withdrawal.status_changed'].post.requestBody.content['application/json'].schema.properties.data
        .required,
    ).toEqual(['transaction_id', 'customer_id', 'status', 'previous_status']);
  });

  it('lists a tag for every area of its routes', () => {
    const named = (of: Json) => (of.tags as Json[]).map((tag) => tag.name).sort();
    const areas = (routes: typeof routeList) => [...new Set(routes.flatMap(tagsOf))].sort();
    expect(named(document)).toEqual(areas(publicRoutes));
    expect(named(consoleDocument)).toEqual(areas(routeList.filter((route) => route.console || route.session)));
  });
});
