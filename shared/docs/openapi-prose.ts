import type { routes } from '#shared/docs/routes.ts';
import type { FolderProse } from '#shared/routing/prose.ts';

/** The docs words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    getOpenApiDocument: { summary: 'The OpenAPI 3.1 document of this API, generated from the route table' },
    getDocsPage: {
      summary: 'The docs page: this document rendered by Swagger UI, served without any CDN',
      examples: { responses: { 200: '<!doctype html><html lang="en">...</html>' } },
    },
    getDocsAsset: {
      summary: 'A file of the docs page (Swagger UI scripts, styles, icons)',
      examples: { responses: { 200: '/* swagger-ui.css */' } },
    },
  },
  schemas: [],
};
