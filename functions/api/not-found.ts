import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { unknownPathText } from '#shared/routing/path-rules.ts';

/** API Gateway's `$default` route: unknown paths get the contract's error shape instead of `{"message": ...}`. */
export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 404,
  headers: { 'content-type': 'application/json', 'x-request-id': event.requestContext?.requestId ?? '' },
  body: JSON.stringify({ error: unknownPathText(event.rawPath ?? '') }),
});
