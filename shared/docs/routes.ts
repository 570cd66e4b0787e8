import { DOCS_PACKAGE_FILES } from '#shared/docs/docs-page.ts';
import { NOT_FOUND } from '#shared/errors.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

const docsRoute = { auth: false, tag: 'Documentation', successStatus: 200, access: { table: 'none' } } as const;

const OpenApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) })
  .check(
    z.meta({
      id: 'OpenApiDocument',
      examples: [{ openapi: '3.1.0', info: { title: 'Payout service API', version: 'v2' }, paths: {} }],
    }),
  );

const DocsAssetParams = z.strictObject({
  asset: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'Not a file name' }),
      z.meta({ description: 'A file name of the docs page (Swagger UI scripts, styles and icons).' }),
    ),
});

/** The docs rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('docs', {
  // Documentation: the OpenAPI document and the page that renders it, public like health.
  getOpenApiDocument: {
    ...docsRoute,
    method: 'GET',
    path: '/api/v2/openapi.json',
    handler: 'functions/api/docs/get-openapi-document.ts',
    responses: { 200: OpenApiDocumentSchema },
  },
  getDocsPage: {
    ...docsRoute,
    method: 'GET',
    path: '/docs',
    handler: 'functions/api/docs/get-docs-page.ts',
    produces: ['text/html'],
    responses: { 200: z.string() },
  },
  getDocsAsset: {
    ...docsRoute,
    method: 'GET',
    path: '/docs/{asset}',
    handler: 'functions/api/docs/get-docs-asset.ts',
    access: { table: 'none', packageFiles: DOCS_PACKAGE_FILES },
    request: { params: DocsAssetParams },
    produces: ['text/css', 'text/javascript', 'image/png'],
    responses: { 200: z.string() },
    refusals: [NOT_FOUND],
  },
});
