import type { HttpMethod, RouteDefinition } from '#shared/routing/route.ts';

export type RouteMatch = { route: RouteDefinition; pathParameters: Record<string, string> };

type CompiledRoute = { route: RouteDefinition; segments: string[]; staticCount: number };

/**
 * Matches like API Gateway: a path template's `{name}` takes one segment, and where two templates match,
 * the one with more literal segments wins (`/customers/withdrawal/allowance` over `/customers/{id}/...`).
 */
export function createRouter(routes: readonly RouteDefinition[]) {
  // The candidates for a request are those of its method and segment count, most literal segments first: a
  // request looks at a handful of templates, not all of them.
  const byShape = new Map<string, CompiledRoute[]>();
  for (const route of routes) {
    const segments = route.path.split('/').filter(Boolean);
    const shape = `${route.method} ${segments.length}`;
    const compiled = { route, segments, staticCount: segments.filter((s) => !s.startsWith('{')).length };
    byShape.set(shape, [...(byShape.get(shape) ?? []), compiled]);
  }
  for (const candidates of byShape.values()) candidates.sort((a, b) => b.staticCount - a.staticCount);

  return function match(method: string, path: string): RouteMatch | undefined {
    const parts = path.split('/').filter(Boolean);
    for (const candidate of byShape.get(`${method.toUpperCase() as HttpMethod} ${parts.length}`) ?? []) {
      const pathParameters: Record<string, string> = {};
      const ok = candidate.segments.every((segment, i) => {
        const part = parts[i] ?? '';
        if (segment.startsWith('{')) {
          pathParameters[segment.slice(1, -1)] = safeDecode(part);
          return part.length > 0;
        }
        return segment === part;
      });
      if (ok) return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
