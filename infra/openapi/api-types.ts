import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { routeList } from '#shared/routes.ts';

/** The committed TypeScript types of the API, for the console and the tests; `npm run openapi:types` rewrites them. */
export const API_TYPES_FILE = 'infra/openapi/generated/api-types.ts';

/**
 * openapi-typescript's API on the document the service serves, built in process (no server, no URL). It runs
 * on the project's TypeScript 6 through the `overrides` entry in package.json: it only needs the compiler's
 * node factory and printer, which TypeScript 6 keeps, while its peer range still says ^5.
 */
export async function generateApiTypes(): Promise<string> {
  const document = buildOpenApiDocument(routeList);
  const ast = await openapiTS(structuredClone(document) as never, { silent: true });
  return `${COMMENT_HEADER}// Generated from GET /api/v2/openapi.json by \`npm run openapi:types\`; do not edit.\n\n${astToString(ast)}`;
}
