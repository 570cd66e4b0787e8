import type { HttpMethod, RouteDefinition } from '#shared/routing/route.ts';

export type RouteMatch = { route: RouteDefinition; pathParameters: Record<string, string> };

type CompiledRoute = { route: RouteDefinition; segments: string[]; staticCount: number };

/**
 * Matches like API Gateway: a path template's `{name}` takes one segment, and where two templates match,
 * the one with more literal segments wins (`/customers/withdrawal/allowance` over `/customers/{id}/...`).
 */
export function createRouter(routes: readonly RouteDefinition[]) {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const segments = route.path.split('/').filter(Boolean);
    return { route, segments, staticCount: segments.filter((s) => !s.startsWith('{')).length };
  });
  compiled.sort((a, b) => b.staticCount - a.staticCount);

  return function match(method: string, path: string): RouteMatch | undefined {
    const parts = path.split('/').filter(Boolean);
    for (const candidate of compiled) {
      if (candidate.route.method !== (method.toUpperCase() as HttpMethod)) continue;
      if (candidate.segments.length !== parts.length) continue;
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
