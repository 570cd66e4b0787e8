import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { OpenApiDocument } from '#shared/openapi/document.ts';

/**
 * Defined (as `true`) by esbuild in the OpenAPI document's deployed function only (infra/aws/bundling.ts), whose
 * bundling hook writes the document beside the bundle: the build below is then dead code, and its dynamic imports
 * (zod-to-openapi, the whole route table) stay out of the bundle.
 */
declare const PAYOUTS_OPENAPI_DOCUMENT_PREBUILT: true | undefined;

/** The document's file beside the deployed function's `index.mjs`: its JSON, gzipped. */
export const OPENAPI_DOCUMENT_FILE = 'openapi.json.gz';

export const encodeOpenApiDocument = (document: OpenApiDocument): Buffer => gzipSync(JSON.stringify(document));

const decodeOpenApiDocument = (file: Buffer): OpenApiDocument => JSON.parse(gunzipSync(file).toString('utf8'));

let served: OpenApiDocument | undefined;

/**
 * The document the service answers, once per cold start. The document is a pure function of the code, so the
 * deployed function reads the one its bundling built; where the TypeScript runs as written (`npm start`, the
 * tests) it is built from the route table here.
 */
export async function servedOpenApiDocument(): Promise<OpenApiDocument> {
  if (served) return served;
  if (typeof PAYOUTS_OPENAPI_DOCUMENT_PREBUILT !== 'undefined') {
    served = decodeOpenApiDocument(readFileSync(new URL(OPENAPI_DOCUMENT_FILE, import.meta.url)));
  } else {
    const [{ buildOpenApiDocument }, { routeList }] = await Promise.all([
      import('#shared/openapi/document.ts'),
      import('#shared/routes.ts'),
    ]);
    served = buildOpenApiDocument(routeList);
  }
  return served;
}
