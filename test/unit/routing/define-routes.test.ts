import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { NOT_FOUND_HANDLER, routeList, routes } from '#shared/routes.ts';
import { defineRoutes, type RouteRow } from '#shared/routing/route.ts';

/** A row of the wallets area, as an area writes it. */
const row = {
  method: 'GET',
  path: '/api/v2/unit/wallets',
  handler: 'functions/api/wallets/list-wallets.ts',
  tag: 'Test',
  auth: true,
  successStatus: 200,
  access: { table: 'read' },
  responses: {},
} as const satisfies RouteRow;

describe('an area table of routes', () => {
  it("names each row by its key: the key is the row's operationId", () => {
    const table = defineRoutes('wallets', { listUnitWallets: row, getUnitWallet: { ...row, method: 'POST' } });

    expect(table.listUnitWallets).toEqual({ ...row, operationId: 'listUnitWallets' });
    expect(table.getUnitWallet.operationId).toBe('getUnitWallet');
    expect(Object.keys(table)).toEqual(['listUnitWallets', 'getUnitWallet']);
  });

  it("refuses a row whose handler is outside its area's folder, when it is written and when it runs", () => {
    const elsewhere = { ...row, handler: 'functions/api/banks/list-banks.ts' } as const;

    // @ts-expect-error: the handler of a wallets row is a file of functions/api/wallets/.
    expect(() => defineRoutes('wallets', { listUnitWallets: elsewhere })).toThrow('listUnitWallets: not in wallets');
  });

  it("takes a row's name from its key alone: a row carries neither an operationId nor the document's words", () => {
    // @ts-expect-error: the key names the row.
    const renamed = defineRoutes('wallets', { listUnitWallets: { ...row, operationId: 'other' } });
    // @ts-expect-error: the summary is the area's openapi-prose.ts.
    const summarized = defineRoutes('wallets', { listUnitWallets: { ...row, summary: 'List them' } });

    const nameOf = (table: object) => (table as Record<string, { operationId: string }>).listUnitWallets?.operationId;
    expect(nameOf(renamed)).toBe('listUnitWallets');
    expect(nameOf(summarized)).toBe('listUnitWallets');
  });
});

describe('the route table', () => {
  it("names every route by its key in the table, as the areas' tables do", () => {
    const misnamed = Object.entries(routes)
      .filter(([name, route]) => route.operationId !== name)
      .map(([name, route]) => `${name}: ${route.operationId}`);

    expect(Object.keys(routes).length).toBeGreaterThan(100);
    expect(misnamed).toEqual([]);
  });

  it('has a handler file on disk for every route and for unknown paths', () => {
    const handlers = [...routeList.map((route) => route.handler), NOT_FOUND_HANDLER];
    const missing = handlers.filter((handler) => !existsSync(join(REPO_ROOT, handler)));

    expect(handlers.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
