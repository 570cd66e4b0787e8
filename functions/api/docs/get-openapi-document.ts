import { routes } from '#shared/docs/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { servedOpenApiDocument } from '#shared/openapi/served-document.ts';

export const handler = apiHandler(routes.getOpenApiDocument, () => servedOpenApiDocument());
