import { describe, expect, it } from 'vitest';
import { buildConsoleOpenApiDocument, buildOpenApiDocument } from '#shared/openapi/document.ts';
import { GETTING_STARTED, GETTING_STARTED_TAG } from '#shared/openapi/sections.ts';
import { routeList } from '#shared/routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: the test walks a JSON document whose shape it asserts
type Json = Record<string, any>;
const document = buildOpenApiDocument(routeList) as Json;
const consoleDocument = buildConsoleOpenApiDocument(routeList) as Json;

/** The operations in the order a renderer lists them: paths in document order, methods within. */
const operationsInOrder = (of: Json): Json[] =>
  Object.values<Json>(of.paths).flatMap((item) => Object.values<Json>(item));
/** What Swagger UI shows under a tag, in its order. */
const underTag = (of: Json, tag: string) =>
  operationsInOrder(of)
    .filter((operation) => operation.tags.includes(tag))
    .map((operation) => operation.operationId);
const tagNames = (of: Json): string[] => of.tags.map((tag: Json) => tag.name);

describe('the reference reads in order', () => {
  it('opens with getting started: the walkthrough’s calls in sequence, customer, KYC, bank, funds, withdrawal', () => {
    expect(tagNames(document)[0]).toBe(GETTING_STARTED_TAG);
    const sequence = underTag(document, GETTING_STARTED_TAG);
    expect(sequence).toEqual(GETTING_STARTED.map((step) => step.operationId));
    const at = (operationId: string) => sequence.indexOf(operationId);
    const walkthrough = ['createCustomer', 'sandboxApproveKyc', 'createWithdrawalBank', 'sandboxCreditBalance'];
    expect([...walkthrough, 'createWithdrawal'].map(at)).toEqual(
      [...walkthrough, 'createWithdrawal'].map(at).sort((a, b) => a - b),
    );
    expect(Math.min(...[...walkthrough, 'createWithdrawal'].map(at))).toBeGreaterThanOrEqual(0);
    // Every step names its operation in the section's description, numbered in the same order.
    const description: string = document.tags[0].description;
    GETTING_STARTED.forEach(({ operationId }, index) => {
      expect(description).toContain(`${index + 1}. `);
      expect(description.indexOf(`\`${operationId}\``)).toBeGreaterThan(-1);
    });
  });

  it('puts the sandbox’s operations in their own section, after every live one', () => {
    const tags = tagNames(document);
    expect(tags.at(-1)).toBe('Sandbox');
    const sandbox = routeList.filter((route) => route.sandboxOnly).map((route) => route.operationId);
    expect(underTag(document, 'Sandbox').sort()).toEqual(sandbox.sort());
    // Apart from the getting-started calls, no live operation comes after the first sandbox-only one.
    const started = new Set(GETTING_STARTED.map((step) => step.operationId));
    const order = operationsInOrder(document)
      .map((operation) => operation.operationId as string)
      .filter((operationId) => !started.has(operationId));
    const firstSandbox = order.findIndex((operationId) => sandbox.includes(operationId));
    expect(order.slice(firstSandbox).every((operationId) => sandbox.includes(operationId))).toBe(true);
  });

  it('describes every section, in both documents', () => {
    for (const of of [document, consoleDocument]) {
      const undescribed = (of.tags as Json[]).filter((tag) => !tag.description?.trim()).map((tag) => tag.name);
      expect(undescribed).toEqual([]);
      const used = new Set(operationsInOrder(of).flatMap((operation) => operation.tags as string[]));
      expect(tagNames(of).sort()).toEqual([...used].sort());
    }
  });

  it('keeps the console’s cookie routes and its cookie scheme out of the public document', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.startsWith('/api/console/'))).toEqual([]);
    expect(JSON.stringify(document)).not.toMatch(/consoleSession|console_session/);
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearerAuth']);
    const consoleRoutes = routeList.filter((route) => route.console);
    expect(consoleRoutes.length).toBeGreaterThan(0);
    for (const route of consoleRoutes) {
      expect(consoleDocument.paths[route.path]?.[route.method.toLowerCase()], route.operationId).toBeDefined();
    }
  });

  it('tells the Authorize dialog where keys come from', () => {
    const { description } = document.components.securitySchemes.bearerAuth;
    expect(description).toContain('`npm start` prints a sandbox key');
    expect(description).toContain('.data/local.json');
    expect(description).toContain('**API keys** page');
    expect(description).not.toMatch(/created with the admin CLI/);
  });
});
