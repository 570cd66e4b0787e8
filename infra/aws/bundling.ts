import { createRequire } from 'node:module';
import path from 'node:path';
import { type BundlingOptions, type ICommandHooks, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import { routes as docsRoutes } from '#shared/docs/routes.ts';

/**
 * How every function is bundled, in one place: CDK's NodejsFunction (`cdkBundling`) and the bundle benchmark
 * (`esbuildOptions`, test/bench/bundles.ts) both derive from `BUNDLE`, so the benchmark measures what deploys.
 */

/** Route handlers are named relative to the repository root; esbuild also resolves `#shared/*` from there. */

/** The functions' runtime is Node.js 22 (`Runtime.NODEJS_22_X`); the bundle targets exactly that. */
export const NODE_TARGET = 'node22';

/** The functions' NODE_OPTIONS: stack traces point into the TypeScript sources. */
export const NODE_OPTIONS = '--enable-source-maps';

export const BUNDLE = {
  format: 'esm',
  target: NODE_TARGET,
  minify: true,
  sourcemap: true,
  // Stack traces only need the mappings; leaving the sources out keeps the zip small.
  sourcesContent: false,
  // Bundle the pinned AWS SDK v3 instead of trusting whichever version the runtime ships. Left out: ssh2's optional
  // native add-ons (a compiled `.node` and `cpu-features`), which it requires in a try and replaces with pure
  // JavaScript when absent, as they are in a bundle.
  external: ['cpu-features', '*.node'] as string[],
  // Prefer the ESM builds of dependencies so tree shaking works.
  mainFields: ['module', 'main'],
  // CommonJS dependencies call `require` for Node built-ins; ESM has none, so provide one. The alias keeps it
  // from clashing with a bundled module that imports `createRequire` itself.
  banner:
    "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);",
} as const;

/**
 * Compile-time constants of a function's bundle. No deployed function builds the OpenAPI document: the document's
 * function reads the document its bundling wrote beside it (shared/openapi/served-document.ts), and the document's
 * words (each folder's `openapi-prose.ts`) are imported by shared/openapi alone, so no bundle carries them. Nor does
 * one document or deploy its settings: their `about` (`SETTINGS_ABOUT`, shared/config/setting.ts) folds away.
 */
export function bundleDefines(entry: string): Record<string, string> {
  const defines = { PAYOUTS_WITHOUT_SETTINGS_ABOUT: 'true' };
  return entry === docsRoutes.getOpenApiDocument.handler
    ? { ...defines, PAYOUTS_OPENAPI_DOCUMENT_PREBUILT: 'true' }
    : defines;
}

/**
 * The banner of a function's bundle. The mover's also defines `__dirname`, which ssh2 (CommonJS) reads when it is
 * loaded and an ESM bundle lacks; other bundles keep the shared banner.
 */
export function bundleBanner(entry: string): string {
  return entry === BACKGROUND_FUNCTIONS.BankTransfer.handler
    ? `${BUNDLE.banner} import { fileURLToPath as __bannerFileUrlToPath } from 'node:url'; const __dirname = __bannerFileUrlToPath(new URL('.', import.meta.url));`
    : BUNDLE.banner;
}

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));

/** Run from the repository as `npm start` runs it: the same code builds the document locally and here. */
const OPENAPI_DOCUMENT_WRITER = 'infra/openapi/write-document.ts';

/**
 * Shell commands run after esbuild (from the repository root), writing beside `index.mjs` the files a function
 * reads at run time: the package files it lists (`route.access.packageFiles`) and, for the OpenAPI document's
 * function, the document.
 */
function afterBundling(entry: string, packageFiles: readonly string[]): ICommandHooks['afterBundling'] | undefined {
  const sources = packageFiles.map((file) => ({
    file,
    source: path.relative(REPO_ROOT, requireFromRoot.resolve(file)),
  }));
  const writesDocument = entry === docsRoutes.getOpenApiDocument.handler;
  if (!sources.length && !writesDocument) return undefined;
  return (inputDir: string, outputDir: string): string[] => [
    ...sources.map(
      ({ file, source }) =>
        `mkdir -p "${path.join(outputDir, 'node_modules', path.dirname(file))}" && cp "${path.join(inputDir, source)}" "${path.join(outputDir, 'node_modules', file)}"`,
    ),
    ...(writesDocument
      ? [`"${process.execPath}" --import tsx "${path.join(inputDir, OPENAPI_DOCUMENT_WRITER)}" "${outputDir}"`]
      : []),
  ];
}

/**
 * NodejsFunction's `bundling` of the function whose entry is `entry` (relative to the repository): esbuild from
 * node_modules, so synth needs neither Docker nor a network. esbuild bundles code only; the files the function
 * reads at run time are written beside its bundle by `afterBundling`, and no other function's bundle changes.
 */
export function cdkBundling(entry: string, packageFiles: readonly string[] = []): BundlingOptions {
  const after = afterBundling(entry, packageFiles);
  return {
    forceDockerBundling: false,
    format: OutputFormat.ESM,
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourceMap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    externalModules: BUNDLE.external,
    mainFields: [...BUNDLE.mainFields],
    banner: bundleBanner(entry),
    define: bundleDefines(entry),
    ...(after ? { commandHooks: { beforeBundling: () => [], beforeInstall: () => [], afterBundling: after } } : {}),
  };
}

/** The same bundle through esbuild's API, as NodejsFunction's command line builds it (`index.mjs` in `outdir`). */
export function esbuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: [path.resolve(REPO_ROOT, entry)],
    outfile: path.join(outdir, 'index.mjs'),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    platform: 'node',
    format: BUNDLE.format,
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    external: BUNDLE.external,
    mainFields: [...BUNDLE.mainFields],
    banner: { js: bundleBanner(entry) },
    define: bundleDefines(entry),
    logLevel: 'warning',
  };
}
