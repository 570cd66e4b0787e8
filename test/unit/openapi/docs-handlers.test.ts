import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { handler as getDocsAsset } from '#functions/api/docs/get-docs-asset.ts';
import { handler as getDocsPage } from '#functions/api/docs/get-docs-page.ts';
import { handler as getOpenApiDocument } from '#functions/api/docs/get-openapi-document.ts';
import { DOCS_ASSETS } from '#shared/docs/docs-page.ts';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { routeList, routes } from '#shared/routes.ts';
import { type ApiResult, apiEvent, headerOf, invoke } from '#test/support/http/api-event.ts';
import { contractOf } from '#test/support/openapi-contract.ts';

const contract = contractOf(buildOpenApiDocument(routeList));
const requireFromHere = createRequire(import.meta.url);

const assetEvent = (asset: string, headers: Record<string, string> = {}) =>
  apiEvent({ path: routes.getDocsAsset.path, rawPath: `/docs/${asset}`, pathParameters: { asset }, headers });

/** The result as a client sees it, held to the document like every integration and e2e response. */
function checked(result: ApiResult, url: string) {
  const contentType = headerOf(result, 'content-type') ?? null;
  const text = result.isBase64Encoded ? '(binary)' : (result.body ?? '');
  const body = contentType?.startsWith('application/json') ? JSON.parse(text) : text;
  contract.check({ method: 'GET', url, status: result.statusCode ?? 0, contentType, body });
  return result;
}

describe('GET /api/v2/openapi.json', () => {
  it('answers without a key with the document built from the route table, once per cold start', async () => {
    const first = checked(
      await invoke(getOpenApiDocument, apiEvent({ path: '/api/v2/openapi.json' })),
      '/api/v2/openapi.json',
    );
    const second = await invoke(getOpenApiDocument, apiEvent({ path: '/api/v2/openapi.json' }));

    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body ?? '')).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(routeList))));
    expect(second.body).toBe(first.body);
  });
});

describe('GET /docs', () => {
  it('answers an HTML page that loads Swagger UI and the document from this service only', async () => {
    const result = checked(await invoke(getDocsPage, apiEvent({ path: '/docs' })), '/docs');

    expect(result.statusCode).toBe(200);
    expect(headerOf(result, 'content-type')).toBe('text/html; charset=utf-8');
    expect(headerOf(result, 'content-security-policy')).toContain("default-src 'self'");
    expect(result.body).toContain('data-spec-url="/api/v2/openapi.json"');
    expect(result.body).toContain('src="/docs/swagger-ui-bundle.js"');
    expect(result.body).not.toMatch(/https?:\/\//);
  });
});

describe('GET /docs/{asset}', () => {
  it('serves an allow-listed file gzipped when the client accepts gzip, as the package ships it', async () => {
    const original = readFileSync(requireFromHere.resolve('swagger-ui-dist/swagger-ui-bundle.js'));

    const gzipped = checked(
      await invoke(getDocsAsset, assetEvent('swagger-ui-bundle.js', { 'accept-encoding': 'gzip, br' })),
      '/docs/swagger-ui-bundle.js',
    );
    const plain = await invoke(getDocsAsset, assetEvent('swagger-ui-bundle.js'));

    expect(gzipped.statusCode).toBe(200);
    expect(headerOf(gzipped, 'content-type')).toBe('text/javascript; charset=utf-8');
    expect(headerOf(gzipped, 'content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(gzipped.body ?? '', 'base64')).equals(original)).toBe(true);
    expect(Buffer.from(gzipped.body ?? '', 'base64').length).toBeLessThan(original.length / 2);
    expect(headerOf(plain, 'content-encoding')).toBeUndefined();
    expect(Buffer.from(plain.body ?? '', 'base64').equals(original)).toBe(true);
  });

  it('serves images as they are and the generated initializer as text', async () => {
    const icon = checked(
      await invoke(getDocsAsset, assetEvent('favicon-32x32.png', { 'accept-encoding': 'gzip' })),
      '/docs/favicon-32x32.png',
    );
    const initializer = await invoke(getDocsAsset, assetEvent('swagger-initializer.js'));

    expect(headerOf(icon, 'content-type')).toBe('image/png');
    expect(headerOf(icon, 'content-encoding')).toBeUndefined();
    expect(
      Buffer.from(icon.body ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(Buffer.from(initializer.body ?? '', 'base64').toString()).toContain('validatorUrl: null');
  });

  it.each(['package.json', 'index.html', 'swagger-ui-bundle.js.map', '..', 'constructor'])(
    'answers 404 for %s, which is not on the allow-list',
    async (asset) => {
      const result = checked(await invoke(getDocsAsset, assetEvent(asset)), `/docs/${asset}`);

      expect(result.statusCode).toBe(404);
      expect(JSON.parse(result.body ?? '')).toEqual({ error: 'Not found' });
    },
  );

  it('answers 400 for a name that is not a file name', async () => {
    const result = checked(await invoke(getDocsAsset, assetEvent('a/b')), '/docs/x');

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '')).toEqual({ error: 'asset: Not a file name' });
  });

  it('lists only files that exist in the installed package', () => {
    for (const asset of Object.values(DOCS_ASSETS)) {
      if ('packageFile' in asset) expect(() => requireFromHere.resolve(asset.packageFile)).not.toThrow();
    }
  });
});
