import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

/**
 * The docs page: Swagger UI from `swagger-ui-dist`, every file served by the service itself (no CDN), so the
 * page works offline and behind a firewall. Only the files listed here are served.
 */
type PackageAsset = { packageFile: string; contentType: string };
type GeneratedAsset = { text: string; contentType: string };

const JS = 'text/javascript; charset=utf-8';

/** Starts Swagger UI on the document whose URL the page carries; no validator badge (it would call out). */
const INITIALIZER = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
  });
});
`;

export const DOCS_ASSETS: Readonly<Record<string, PackageAsset | GeneratedAsset>> = {
  'swagger-ui.css': { packageFile: 'swagger-ui-dist/swagger-ui.css', contentType: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { packageFile: 'swagger-ui-dist/swagger-ui-bundle.js', contentType: JS },
  'favicon-32x32.png': { packageFile: 'swagger-ui-dist/favicon-32x32.png', contentType: 'image/png' },
  'favicon-16x16.png': { packageFile: 'swagger-ui-dist/favicon-16x16.png', contentType: 'image/png' },
  'swagger-initializer.js': { text: INITIALIZER, contentType: JS },
};

/** What the asset function reads at run time; the CDK copies exactly these into its bundle. */
export const DOCS_PACKAGE_FILES: readonly string[] = Object.values(DOCS_ASSETS).flatMap((asset) =>
  'packageFile' in asset ? [asset.packageFile] : [],
);

/**
 * Swagger UI sets inline styles and shows its icons as data: URIs; everything else comes from this origin.
 * Scripts only from files (the initializer is one), so an injected inline script would not run.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function docsPageHtml(input: { specUrl: string; assetBase: string }): string {
  const asset = (name: keyof typeof DOCS_ASSETS) => `${input.assetBase}/${name}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Payout service API</title>
    <link rel="stylesheet" href="${asset('swagger-ui.css')}">
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">
    <link rel="icon" type="image/png" href="${asset('favicon-16x16.png')}" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui" data-spec-url="${input.specUrl}"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('swagger-initializer.js')}"></script>
  </body>
</html>
`;
}

export type DocsAsset = { body: Buffer; contentType: string; gzipped: boolean };

// Resolved like an import: from node_modules in the repository, from the copy next to the bundle in Lambda.
const requireFromHere = createRequire(import.meta.url);
const loaded = new Map<string, { raw: Buffer; gzip: Buffer | undefined }>();

/** Text compresses to about a quarter (the bundle from 1.7 MB); images are compressed already. */
const compressible = (contentType: string) => !contentType.startsWith('image/');

/** One allow-listed asset, gzipped when the client accepts it; read and compressed once per cold start. */
export function readDocsAsset(name: string, acceptsGzip: boolean): DocsAsset | undefined {
  if (!Object.hasOwn(DOCS_ASSETS, name)) return undefined;
  const asset = DOCS_ASSETS[name] as PackageAsset | GeneratedAsset;
  let content = loaded.get(name);
  if (!content) {
    const raw =
      'packageFile' in asset ? readFileSync(requireFromHere.resolve(asset.packageFile)) : Buffer.from(asset.text);
    content = { raw, gzip: compressible(asset.contentType) ? gzipSync(raw) : undefined };
    loaded.set(name, content);
  }
  const gzipped = acceptsGzip && content.gzip !== undefined;
  return { body: gzipped && content.gzip ? content.gzip : content.raw, contentType: asset.contentType, gzipped };
}
