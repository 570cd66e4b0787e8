import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Access } from '#shared/db/access.ts';
import { accessDenial } from '#shared/db/access.ts';
import { scoped, scopeSlot, withScoped } from '#shared/request-scope.ts';

/**
 * The local stand-in for the functions' IAM policies: while a route's handler runs, every DynamoDB call it makes
 * is checked against the route's `access`, and one AWS would deny fails the same way (a 500 and a logged
 * AccessDeniedException). A route that queries an index it did not declare fails its tests, not production.
 * Calls outside a route (background workers, the admin CLI, test set-up) are not checked.
 */
type RouteAccess = { operationId: string; access: Access };

const ROUTE_ACCESS = scopeSlot<RouteAccess>('route access');

export class AccessDeniedException extends Error {
  override name = 'AccessDeniedException';
}

/** Runs `fn` (a route's handler) under that route's access. */
export function withRouteAccess<T>(route: RouteAccess, fn: () => T): T {
  return withScoped(ROUTE_ACCESS, route, fn);
}

const checked = new WeakSet<object>();

/** Installs the check on a client (once; later calls do nothing). */
export function enforceRouteAccess(client: DynamoDBDocumentClient): void {
  if (checked.has(client)) return;
  checked.add(client);
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const route = scoped(ROUTE_ACCESS);
      const denial = route && accessDenial(route.access, context.commandName ?? 'unknown', args.input);
      if (route && denial) {
        throw new AccessDeniedException(`Route ${route.operationId} may not call ${context.commandName}: ${denial}`);
      }
      return next(args);
    },
    { step: 'initialize', name: 'localRouteAccessCheck' },
  );
}
