/**
 * The console's only way to the server: same-origin fetches with the session cookie. Every state-changing call
 * carries `X-Console-Request: 1` (with the browser's own Origin, the anti-CSRF proof the server demands).
 */
import type { components } from '#infra/openapi/generated/console-api-types.ts';

/** The API's own types, generated from the console's OpenAPI document (`npm run openapi:types`): no copy to drift. */
type Schemas = components['schemas'];

export type Session = Schemas['ConsoleSession'];
export type Role = Session['member']['role'];
export type Member = Schemas['ConsoleMember'];
export type Invite = Schemas['ConsoleInvite'];
export type PendingInvite = Schemas['ConsolePendingInvite'];
export type PendingWithdrawal = Schemas['ConsolePendingWithdrawal'];
export type ApprovalCard = Schemas['ConsoleApprovalCard'];
export type AuditEntry = Schemas['ConsoleAuditEntry'];
export type ApiKey = Schemas['ConsoleApiKey'];
export type NewApiKey = Schemas['ConsoleNewApiKey'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];
export type WebhookTestEvent = Schemas['WebhookTestEvent'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type Customer = Schemas['Customer'];
export type CustomerOverview = Schemas['ConsoleCustomerOverview'];
export type Transaction = Schemas['Transaction'];
export type ConsoleTransaction = Schemas['ConsoleTransaction'];
export type TransactionStory = Schemas['ConsoleTransactionStory'];
export type Home = Schemas['ConsoleHome'];
export type CustomersBalance = Schemas['ConsoleCustomersBalance'];
export type CustodyReconciliation = Schemas['CustodyReconciliation'];
export type WaitingSends = Schemas['ConsoleWaitingSends'];
export type TravelRule = Schemas['TravelRule'];
export type Reconciliation = Schemas['ConsoleReconciliation'];
export type Rails = Schemas['ConsoleRails'];
export type InvitePreview = Schemas['ConsoleInvitePreview'];
export type Settings = Schemas['ConsoleSettings'];
export type RegistrationStart = Schemas['ConsoleRegistrationOptions'];
export type SignInStart = Schemas['ConsoleSignInOptions'];
export type ApprovalStart = Schemas['ConsoleApprovalOptions'];
export type StartRegistration = Schemas['ConsoleStartRegistrationRequest'];
export type RejectWithdrawal = Schemas['ConsoleRejectWithdrawalRequest'];
export type InviteMember = Schemas['ConsoleInviteMemberRequest'];
export type SettingsChange = Schemas['ConsoleSettingsChange'];
export type CreateWebhookEndpoint = Schemas['CreateWebhookEndpointRequest'];
export type UpdateWebhookEndpoint = Schemas['UpdateWebhookEndpointRequest'];

/**
 * The values of one of the API's enums, for a picker, in the order given: the generated types carry no values,
 * so they are listed here, and a value the document adds or drops makes this a type error.
 */
export const valuesOf = <Value extends string>(values: Record<Value, true>) => Object.keys(values) as Value[];

/** A failed call: the API's `{error}` text and its status, shown as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return (await callWithNext<T>(method, path, body)).body;
}

/** The next page's path from a `Link: <url>; rel="next"` header, on this origin (null on the last page). */
const nextOf = (link: string | null) => {
  const url = link && /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  if (!url) return null;
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * A GET of a file (the CSV export) as the bytes that came, with the path of its next page. Bytes, not `text()`:
 * decoding would drop the byte order mark the export opens with, which Excel needs to read it as UTF-8.
 */
export async function fetchFile(
  path: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<{ bytes: ArrayBuffer; next: string | null }> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: method === 'POST' ? { 'x-console-request': '1' } : {},
  });
  const bytes = await response.arrayBuffer();
  if (!response.ok) {
    let error: unknown;
    try {
      error = (JSON.parse(new TextDecoder().decode(bytes)) as { error?: unknown }).error;
    } catch {
      error = undefined;
    }
    throw new ApiError(response.status, typeof error === 'string' ? error : `HTTP ${response.status}`);
  }
  return { bytes, next: nextOf(response.headers.get('link')) };
}

/** A call whose answer may page on: the body and the path of the next page (from the `Link` header), if any. */
export async function callWithNext<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ body: T; next: string | null }> {
  const changes = method !== 'GET';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: changes ? { 'content-type': 'application/json', 'x-console-request': '1' } : {},
    ...(changes ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed as { error?: unknown } | undefined)?.error;
    throw new ApiError(response.status, typeof error === 'string' ? error : `HTTP ${response.status}`);
  }
  return { body: parsed as T, next: nextOf(response.headers.get('link')) };
}

/** Lists come as a JSON array (the v2 API pages with a Link header) or as `{items}`; the console shows one page. */
export function rowsOf<T>(body: T[] | { items?: T[]; data?: T[] } | undefined): T[] {
  if (Array.isArray(body)) return body;
  return body?.items ?? body?.data ?? [];
}

export const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const describe = (error: unknown) =>
  error instanceof ApiError
    ? `${error.message} (${error.status})`
    : error instanceof Error
      ? error.message
      : String(error);
