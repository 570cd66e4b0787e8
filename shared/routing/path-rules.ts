import { NOT_FOUND, refusal } from '#shared/errors.ts';

/** Every operation's path starts here; a path elsewhere (`/api/v1/...`, `/customers`) is a wrong base URL. */
export const API_BASE_PATH = '/api/v2';

/** A path outside the API: where the API is, and the path the caller most likely meant. */
export const OUTSIDE_API = refusal(
  404,
  (suggestion: string) => `Not found: the API is under ${API_BASE_PATH}${suggestion ? `; try ${suggestion}` : ''}`,
  '/api/v2/customers',
);

/**
 * The 404 for a path no route has: inside the API, the contract's `Not found`; outside it, where the API is, with
 * the path moved under it (`/api/v1/customers` -> `/api/v2/customers`).
 */
export function unknownPathText(path: string): string {
  if (path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`)) return NOT_FOUND.message;
  const rest = path.replace(/^\/api\/v\d+(?=\/|$)/, '').replace(/^\/+/, '');
  return OUTSIDE_API.error(rest ? `${API_BASE_PATH}/${rest}` : '').message;
}
