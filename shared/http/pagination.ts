import type { Page } from '#shared/db/pagination.ts';
import type { ApiEvent } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';

/** The absolute URL of the next page: this request's URL with its filters, limit and the new cursor. */
export function nextPageUrl(event: ApiEvent, cursor: string): string {
  const headers = event.headers ?? {};
  const host = headers.host ?? event.requestContext?.domainName ?? 'localhost';
  const proto = headers['x-forwarded-proto'] ?? 'https';
  const params = new URLSearchParams(event.rawQueryString ?? '');
  params.set('cursor', cursor);
  return `${proto}://${host}${event.rawPath}?${params.toString()}`;
}

/** `Link: <…>; rel="next"` when more items exist. */
export const nextPageHeaders = (event: ApiEvent, nextCursor: string | undefined): Record<string, string> =>
  nextCursor ? { link: `<${nextPageUrl(event, nextCursor)}>; rel="next"` } : {};

/** A JSON array body, with `Link: <…>; rel="next"` when more items exist. */
export function pageReply<T>(event: ApiEvent, page: Page<T>) {
  return reply(page.items, { headers: nextPageHeaders(event, page.nextCursor) });
}
