import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as notFound } from '#functions/api/not-found.ts';

const answerFor = async (rawPath: string) => {
  const result = await notFound({ rawPath, requestContext: { requestId: 'req-1' } } as APIGatewayProxyEventV2);
  return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') };
};

describe('a path no route has', () => {
  it.each([
    ['/api/v1/customers', 'Not found: the API is under /api/v2; try /api/v2/customers'],
    ['/api/v3/customers/abc/withdrawal', 'Not found: the API is under /api/v2; try /api/v2/customers/abc/withdrawal'],
    ['/customers', 'Not found: the API is under /api/v2; try /api/v2/customers'],
    ['/api/v1', 'Not found: the API is under /api/v2'],
    ['/', 'Not found: the API is under /api/v2'],
  ])('outside /api/v2 (%s) says where the API is', async (path, error) => {
    expect(await answerFor(path)).toEqual({ status: 404, body: { error } });
  });

  it('inside /api/v2 is the contract\'s plain "Not found"', async () => {
    expect(await answerFor('/api/v2/nowhere')).toEqual({ status: 404, body: { error: 'Not found' } });
  });
});
