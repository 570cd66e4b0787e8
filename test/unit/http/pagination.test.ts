import { describe, expect, it } from 'vitest';
import { nextPageUrl, pageReply } from '#shared/http/pagination.ts';
import { apiEvent } from '#test/support/http/api-event.ts';

describe('nextPageUrl', () => {
  it("keeps the request's other parameters and replaces its cursor", () => {
    const event = apiEvent({ path: '/api/v2/customers', queryStringParameters: { limit: '5', cursor: 'old' } });

    const url = nextPageUrl(event, 'new_cursor-1');

    expect(url).toBe('https://api.example.test/api/v2/customers?limit=5&cursor=new_cursor-1');
  });

  it('uses the forwarded protocol and host', () => {
    const event = apiEvent({
      path: '/api/v2/customers',
      headers: { host: 'localhost:3000', 'x-forwarded-proto': 'http' },
    });

    expect(nextPageUrl(event, 'c')).toBe('http://localhost:3000/api/v2/customers?cursor=c');
  });
});

describe('pageReply', () => {
  it('adds a rel="next" Link only when there is a next cursor', () => {
    const event = apiEvent({ path: '/api/v2/customers' });

    const more = pageReply(event, { items: [1], nextCursor: 'abc' });
    const last = pageReply(event, { items: [1], nextCursor: undefined });

    expect(more.options.headers).toEqual({
      link: '<https://api.example.test/api/v2/customers?cursor=abc>; rel="next"',
    });
    expect(more.body).toEqual([1]);
    expect(last.options.headers).toEqual({});
  });
});
