import type { APIGatewayProxyEventV2 as ApiEvent } from 'aws-lambda';
import type { Config } from '#shared/config/env.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { may } from '#shared/console/common/roles.ts';
import { authenticateSession } from '#shared/console/identity/authenticate-session.ts';
import type { Deps } from '#shared/deps.ts';
import { ForbiddenError, UnauthorizedError } from '#shared/errors.ts';
import type { ConsolePermission, RouteDefinition } from '#shared/routing/route.ts';

/**
 * The console's session cookie: the random token only (its SHA-256 names the session item), HttpOnly so no
 * script reads it, SameSite=Strict so no other site's page sends it, Secure (and `__Host-`: this host only, path
 * `/`) everywhere but on http://localhost.
 */
export const sessionCookieName = (config: Config) =>
  config.console.secureCookies ? '__Host-console_session' : 'console_session';

export function sessionCookie(config: Config, token: string): string {
  return [
    `${sessionCookieName(config)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${config.console.sessionAbsoluteSeconds}`,
    ...(config.console.secureCookies ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(config: Config): string {
  return [
    `${sessionCookieName(config)}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    'Max-Age=0',
    ...(config.console.secureCookies ? ['Secure'] : []),
  ].join('; ');
}

/** The header a console request carries; a cross-site form or image cannot set it, a script needs CORS to. */
export const CSRF_HEADER = 'x-console-request';

const headerOf = (event: ApiEvent, name: string): string | undefined =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

export function sessionTokenOf(config: Config, event: ApiEvent): string | undefined {
  const cookies = event.cookies ?? headerOf(event, 'cookie')?.split(/;\s*/) ?? [];
  const prefix = `${sessionCookieName(config)}=`;
  const value = cookies.find((cookie) => cookie.startsWith(prefix))?.slice(prefix.length);
  return value && /^[0-9A-Za-z]{43}$/.test(value) ? value : undefined;
}

export const sourceAddressOf = (event: ApiEvent): string => event.requestContext?.http?.sourceIp || 'unknown';

export class CsrfRefusedError extends ForbiddenError {
  constructor() {
    super('Request refused: it must come from the console (Origin and X-Console-Request)');
  }
}

/** A change made with a session must prove it comes from the console page: a cross-site form sends neither. */
function assertFromConsole(deps: Deps, route: RouteDefinition, event: ApiEvent) {
  if (route.method === 'GET') return;
  if (headerOf(event, 'origin') !== deps.config.console.origin || headerOf(event, CSRF_HEADER) !== '1') {
    throw new CsrfRefusedError();
  }
}

/** The member the session cookie names, allowed `permission` by the role (401 without a session, 403 without it). */
async function memberAllowed(deps: Deps, permission: ConsolePermission, event: ApiEvent): Promise<ConsoleActor> {
  const token = sessionTokenOf(deps.config, event);
  if (!token) throw new UnauthorizedError();
  const actor = await authenticateSession(deps, token, sourceAddressOf(event));
  if (!may(actor.member.role, permission)) throw new ForbiddenError(`The ${actor.member.role} role may not do this`);
  return actor;
}

/**
 * The console's gates, before validation: the anti-CSRF proof on changes, then the session and the role. The
 * signed-in member, or undefined for the public sign-in routes.
 */
export async function consoleGate(
  deps: Deps,
  route: RouteDefinition,
  event: ApiEvent,
): Promise<ConsoleActor | undefined> {
  const permission = route.console?.permission;
  if (!permission) return undefined;
  assertFromConsole(deps, route, event);
  if (permission === 'public') return undefined;
  return memberAllowed(deps, permission, event);
}

/**
 * An `/api/v2` route the console calls with its session (`route.session`): used only when the request carries
 * no `Authorization` header (a key, even a wrong one, decides as it always did) and does carry a session cookie.
 * Then the same gates as a console route: anti-CSRF proof on changes, the session, the role's permission.
 * Undefined: the key decides.
 */
export async function apiSessionGate(
  deps: Deps,
  route: RouteDefinition,
  event: ApiEvent,
): Promise<ConsoleActor | undefined> {
  const permission = route.session?.permission;
  if (!permission || headerOf(event, 'authorization') !== undefined) return undefined;
  if (!sessionTokenOf(deps.config, event)) return undefined;
  assertFromConsole(deps, route, event);
  return memberAllowed(deps, permission, event);
}
