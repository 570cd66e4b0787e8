import { afterAll, beforeAll } from 'vitest';
import { type LocalServer, startLocalServer } from '#infra/local/server.ts';

import { routeList } from '#shared/routes.ts';
import { type CheckedResponse, checkedFetch } from '#test/support/openapi-contract.ts';

export type ApiResponse<T = unknown> = CheckedResponse<T>;

/**
 * The local HTTP adapter over the run's DynamoDB Local, started once per test file on a free port. Every
 * response is checked against the service's OpenAPI document: a drift fails the test that saw it.
 */
export function useApi() {
  let server: LocalServer | undefined;
  beforeAll(async () => {
    server = await startLocalServer({ routes: routeList, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const checked = checkedFetch();
  const request = async <T = unknown>(
    method: string,
    path: string,
    options: { key?: string; body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> => {
    if (!server) throw new Error('server not started');
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(options.headers ?? {}) };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const url = path.startsWith('http') ? path : `${server.url}/api/v2${path}`;
    return checked<T>(url, { method, headers, body });
  };
  /** The server's origin, for routes outside `/api/v2` (the docs page). */
  const origin = () => {
    if (!server) throw new Error('server not started');
    return server.url;
  };
  return { request, origin };
}
