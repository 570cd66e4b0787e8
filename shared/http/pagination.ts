import { z } from 'zod';
import type { Page } from '#shared/db/pagination.ts';
import type { ApiEvent } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** `?limit=&cursor=`, shared by every list route. */
export const PaginationQuery = {
  limit: z
    .string()
    .regex(/^\d{1,4}$/, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LIMIT, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })
    .optional()
    .transform((n) => n ?? DEFAULT_LIMIT),
  cursor: z.string().min(1).max(2048).optional(),
};

/** The absolute URL of the next page: this request's URL with its filters, limit and the new cursor. */
export function nextPageUrl(event: ApiEvent, cursor: string): string {
  const headers = event.headers ?? {};
  const host = headers.host ?? event.requestContext?.domainName ?? 'localhost';
  const proto = headers['x-forwarded-proto'] ?? 'https';
  const params = new URLSearchParams(event.rawQueryString ?? '');
  params.set('cursor', cursor);
  return `${proto}://${host}${event.rawPath}?${params.toString()}`;
}

/** A JSON array body, with `Link: <…>; rel="next"` when more items exist. */
export function pageReply<T>(event: ApiEvent, page: Page<T>) {
  const headers: Record<string, string> = page.nextCursor
    ? { link: `<${nextPageUrl(event, page.nextCursor)}>; rel="next"` }
    : {};
  return reply(page.items, { headers });
}
