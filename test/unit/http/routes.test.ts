import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { gateStatuses } from '#shared/http/api-handler.ts';
import { routeList, routes } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { ErrorBodySchema } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The rules every row of the route table keeps, so the OpenAPI document and the contract tests built from it
 * are complete: a route that forgets a status it can answer fails here, whoever added it.
 */
function problemsOf(route: RouteDefinition): string[] {
  const declared = Object.keys(route.responses ?? {}).map(Number);
  const problems: string[] = [];
  if (!route.responses || !declared.length) return [`${route.operationId}: declares no responses`];
  if (!declared.includes(route.successStatus)) {
    problems.push(`${route.operationId}: does not declare its success status ${route.successStatus}`);
  }
  for (const status of gateStatuses(route)) {
    if (!declared.includes(status)) problems.push(`${route.operationId}: can answer ${status} but does not declare it`);
  }
  for (const status of declared.filter((s) => s >= 400)) {
    const schema = route.responses[status];
    if (!schema?.safeParse({ error: 'x' }).success || schema.safeParse({}).success) {
      problems.push(`${route.operationId}: ${status} is not the error object`);
    }
  }
  if (route.session && route.access.table !== 'readwrite' && !route.access.sessions) {
    problems.push(`${route.operationId}: takes sessions but may not move their idle deadline (access.sessions)`);
  }
  for (const status of declared) {
    if (!Number.isInteger(status) || status < 200 || status > 599) problems.push(`${route.operationId}: ${status}?`);
  }
  return problems;
}

describe('the route table', () => {
  it('declares, for every route, its success status and every status the stack answers for it', () => {
    expect(routeList.flatMap(problemsOf)).toEqual([]);
  });

  it('catches a route that forgets a status its stack can answer', () => {
    const forgetful = {
      ...routes.getCustomer,
      operationId: 'forgetful',
      responses: { 200: routes.getCustomer.responses[200], 404: ErrorBodySchema },
    } satisfies RouteDefinition;

    expect(problemsOf(forgetful)).toEqual([
      'forgetful: can answer 401 but does not declare it',
      'forgetful: can answer 403 but does not declare it',
      'forgetful: can answer 400 but does not declare it',
    ]);
  });

  it('catches a route with no responses, and an error status whose body is not the error object', () => {
    const bare = { ...routes.health, operationId: 'bare', responses: undefined } as unknown as RouteDefinition;
    const oddError = {
      ...routes.health,
      operationId: 'oddError',
      responses: { 200: z.object({}), 409: z.object({}) },
    } satisfies RouteDefinition;

    expect(problemsOf(bare)).toEqual(['bare: declares no responses']);
    expect(problemsOf(oddError)).toEqual(['oddError: 409 is not the error object']);
  });

  it('names every route uniquely, by operationId and by method and path', () => {
    const ids = routeList.map((route) => route.operationId);
    const keys = routeList.map((route) => `${route.method} ${route.path}`);

    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("points every route at a handler file that exists, and every path parameter at the route's params schema", () => {
    for (const route of routeList) {
      expect(existsSync(join(REPO_ROOT, route.handler)), route.handler).toBe(true);
      const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(route.request?.params?.shape ?? {}).sort(), route.operationId).toEqual(inPath.sort());
    }
  });
});
