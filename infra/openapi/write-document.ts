/**
 * `node --import tsx infra/openapi/write-document.ts <dir>`: writes the OpenAPI document, built from the route
 * table as the local runtime builds it, into `<dir>` as the file its deployed function serves. Run by that
 * function's bundling hook (infra/aws/bundling.ts), beside its `index.mjs`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { encodeOpenApiDocument, OPENAPI_DOCUMENT_FILE } from '#shared/openapi/served-document.ts';
import { routeList } from '#shared/routes.ts';

const [outputDir] = process.argv.slice(2);
if (!outputDir) throw new Error('usage: write-document.ts <output directory>');
writeFileSync(join(outputDir, OPENAPI_DOCUMENT_FILE), encodeOpenApiDocument(buildOpenApiDocument(routeList)));
