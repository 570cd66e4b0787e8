import { routes } from '#shared/docs/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '#shared/openapi/document.ts';
import { routeList } from '#shared/routes.ts';

// Built once per cold start: the route table cannot change under a running function.
let document: OpenApiDocument | undefined;

export const handler = apiHandler(routes.getOpenApiDocument, () => {
  document ??= buildOpenApiDocument(routeList);
  return document;
});
