import { apiHandler } from '#shared/http/api-handler.ts';
import { routeList, routes } from '#shared/http/routes.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '#shared/openapi/document.ts';

// Built once per cold start: the route table cannot change under a running function.
let document: OpenApiDocument | undefined;

export const handler = apiHandler(routes.getOpenApiDocument, () => {
  document ??= buildOpenApiDocument(routeList);
  return document;
});
