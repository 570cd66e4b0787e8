import '#test/support/env.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '#shared/errors.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';
import { mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, invoke } from '#test/support/http/api-event.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';

// Read with the rest of the configuration at the first request, so this applies although the modules are loaded.
process.env.METRICS_NAMESPACE = 'PayoutsUnit';
process.env.SERVICE_NAME = 'payouts-unit';

const route = {
  operationId: 'unitMeasured',
  method: 'POST',
  path: '/api/v2/unit/measured',
  handler: 'test/unit/observability/metrics.test.ts',
  tag: 'Test',
  auth: false,
  successStatus: 201,
  access: { table: 'none' },
  request: { body: z.strictObject({ outcome: z.enum(['ok', 'missing', 'crash']) }) },
  responses: {},
} satisfies RouteDefinition;

const handler = apiHandler(route, ({ body }) => {
  if (body.outcome === 'missing') throw new NotFoundError();
  if (body.outcome === 'crash') throw new Error('boom');
  return { ok: true };
});

const call = (body: string) => invoke(handler, apiEvent({ method: 'POST', path: route.path, body }));

type Emf = {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
};

const ddb = mockDocumentClient();
const output = captureOutputOfEachTest();

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
});

const requestMetrics = () =>
  output
    .stdout()
    .json()
    .filter((line) => '_aws' in line) as Emf[];

describe('request outcome metrics', () => {
  it('count a request as one EMF line in the namespace, by operation and status class', async () => {
    await call('{"outcome":"ok"}');

    const [emf, ...others] = requestMetrics();
    expect(others).toEqual([]);
    expect(emf?._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'PayoutsUnit',
        Dimensions: [['service', 'operation', 'statusClass']],
        Metrics: [{ Name: 'Requests', Unit: 'Count' }],
      },
    ]);
    expect(emf).toMatchObject({ service: 'payouts-unit', operation: 'unitMeasured', statusClass: '2xx', Requests: 1 });
  });

  it.each([
    ['a refused body', '{"outcome":"maybe"}', '4xx'],
    ['a domain error', '{"outcome":"missing"}', '4xx'],
    ['an unexpected error', '{"outcome":"crash"}', '5xx'],
  ])('count %s by the status it was answered with', async (_case, body, statusClass) => {
    await call(body);

    expect(requestMetrics().map((emf) => emf.statusClass)).toEqual([statusClass]);
  });
});
