import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { buildConsoleOpenApiDocument, buildOpenApiDocument, type OpenApiDocument } from '#shared/openapi/document.ts';
import { routeList } from '#shared/routes.ts';

/**
 * The committed TypeScript types of the API, for the tests and integrators' examples (the public document), and of
 * the console's API, for the console app (its own document); `npm run openapi:types` rewrites both.
 */
export const API_TYPES_FILE = 'infra/openapi/generated/api-types.ts';
export const CONSOLE_API_TYPES_FILE = 'infra/openapi/generated/console-api-types.ts';

/**
 * openapi-typescript's API on a document the service builds, in process (no server, no URL). It runs on the
 * project's TypeScript 6 through the `overrides` entry in package.json: it only needs the compiler's node factory
 * and printer, which TypeScript 6 keeps, while its peer range still says ^5.
 */
async function typesOf(document: OpenApiDocument, source: string): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as never, { silent: true });
  return `${COMMENT_HEADER}// Generated from ${source} by \`npm run openapi:types\`; do not edit.\n\n${astToString(ast)}`;
}

export const generateApiTypes = () => typesOf(buildOpenApiDocument(routeList), 'GET /api/v2/openapi.json');

export const generateConsoleApiTypes = () =>
  typesOf(buildConsoleOpenApiDocument(routeList), "the console's document (shared/openapi/document.ts)");

/** Each committed file and what it must hold. */
export const GENERATED_TYPES = [
  { file: API_TYPES_FILE, generate: generateApiTypes },
  { file: CONSOLE_API_TYPES_FILE, generate: generateConsoleApiTypes },
] as const;
