import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { LogKeys } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';

/** What the request id and auth middlewares have learnt about a request by the time it is logged. */
type KnownSoFar = {
  requestId: string;
  auth?: { organizationId: string } | undefined;
  params?: unknown;
};

/**
 * The keys every log line of a request carries: API Gateway's (or the caller's) request id, the route, the
 * Lambda request id (to find the REPORT line), the organization once authenticated and the transaction when
 * the path names one.
 */
export function requestLogKeys(route: RouteDefinition, state: KnownSoFar | undefined, context?: Context): LogKeys {
  const params = (state?.params ?? {}) as Record<string, unknown>;
  const keys: LogKeys = { requestId: state?.requestId, operationId: route.operationId };
  if (context?.awsRequestId) keys.functionRequestId = context.awsRequestId;
  if (state?.auth) keys.organizationId = state.auth.organizationId;
  if (typeof params.transactionId === 'string') keys.transactionId = params.transactionId;
  return keys;
}

export const REQUESTS_METRIC = 'Requests';

const statusClass = (statusCode: number | undefined) => `${Math.floor((statusCode ?? 500) / 100)}xx`;

/**
 * Counts every answered request by route and status class (`Requests`, dimensions `operation` and
 * `statusClass`). Registered before the error middleware, so on errors it runs after it and sees the mapped
 * status; an error nothing mapped counts as 5xx.
 */
export const requestOutcomeMiddleware = (
  route: RouteDefinition,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => {
  const record = (statusCode: number | undefined) =>
    countMetric(REQUESTS_METRIC, { operation: route.operationId, statusClass: statusClass(statusCode) });
  return {
    after: (request) => record(request.response?.statusCode),
    onError: (request) => record(request.response?.statusCode),
  };
};
