/**
 * The console's only way to the server: same-origin fetches with the session cookie. Every state-changing call
 * carries `X-Console-Request: 1` (with the browser's own Origin, the anti-CSRF proof the server demands).
 */
export type Role = 'owner' | 'admin' | 'approver' | 'developer' | 'viewer';

export type Session = {
  member: { id: string; email: string; name: string; role: Role };
  organization: { id: string; name: string; environment: 'sandbox' | 'live'; requiredApprovals: number };
  permissions: string[];
};

export type Member = { id: string; email: string; name: string; role: Role; status: string; createdAt: string };
export type Invite = { inviteId: string; email: string; role: Role; validUntil: string };

export type PendingWithdrawal = {
  id: string;
  reference: string;
  customerId: string;
  status: string;
  createdAt: string;
  sourceAmount: string;
  fee: string;
  amount: string;
  currency: string;
  beneficiary: string;
  account: string;
  approvals: { approver: string; approvedAt: string }[];
  requiredApprovals: number;
};

export type AuditEntry = {
  entryId: string;
  at: string;
  actor: { kind: 'member' | 'operator'; id: string; email: string };
  action: string;
  target: string;
  sourceAddress: string;
  details: Record<string, string>;
};

export type ApiKey = {
  id: string;
  hint: string;
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[] | null;
  createdAt: string;
  updatedAt: string;
  secret?: string;
};

export type WebhookDelivery = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  attemptLog: {
    attempt: number;
    at: string;
    responseStatus: number | null;
    error: string | null;
    durationMs: number;
  }[];
};

export type Customer = {
  customerId: string;
  name: string;
  email?: string;
  accountType?: string;
  kycStatus: string;
  createdAt?: string;
};

/** A row of a list whose fields this console shows as they come (the API documents them). */
export type Row = Record<string, unknown>;

export type CustomerOverview = {
  customer: Customer & Row;
  banks: Row[];
  wallets: Row[];
  balance: Row;
  transactions: Row[];
};

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
  return parsed as T;
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
