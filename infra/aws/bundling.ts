import { createRequire } from 'node:module';
import path from 'node:path';
import { type BundlingOptions, type ICommandHooks, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from '#infra/repo-root.ts';
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
  // Bundle the pinned AWS SDK v3 instead of trusting whichever version the runtime ships.
  external: [] as string[],
  // Prefer the ESM builds of dependencies so tree shaking works.
  mainFields: ['module', 'main'],
  // CommonJS dependencies call `require` for Node built-ins; ESM has none, so provide one. The alias keeps it
  // from clashing with a bundled module that imports `createRequire` itself.
  banner:
    "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);",
} as const;

/**
 * Compile-time constants of a function's bundle. The route rows' OpenAPI prose (`OPENAPI_PROSE`,
 * shared/routing/route.ts) is read only where the document is built, so every other function's bundle folds it away.
 */
export function bundleDefines(entry: string): Record<string, string> {
  return entry === docsRoutes.getOpenApiDocument.handler ? {} : { PAYOUTS_WITHOUT_OPENAPI_PROSE: 'true' };
}

/**
 * NodejsFunction's `bundling` of the function whose entry is `entry` (relative to the repository): esbuild from
 * node_modules, so synth needs neither Docker nor a network.
 */
export const cdkBundling = (entry: string): BundlingOptions => ({
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: BUNDLE.target,
  minify: BUNDLE.minify,
  sourceMap: BUNDLE.sourcemap,
  sourcesContent: BUNDLE.sourcesContent,
  externalModules: BUNDLE.external,
  mainFields: [...BUNDLE.mainFields],
  banner: BUNDLE.banner,
  define: bundleDefines(entry),
});

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));

/**
 * esbuild bundles code only. A function that reads package files at run time (the docs page's Swagger UI
 * assets, `route.access.packageFiles`) gets exactly those copied to `node_modules/` beside its bundle, where
 * Node resolves them as it does in the repository; no other function's bundle changes.
 */
export function copyPackageFiles(files: readonly string[]): ICommandHooks {
  const sources = files.map((file) => ({ file, source: path.relative(REPO_ROOT, requireFromRoot.resolve(file)) }));
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) =>
      sources.map(
        ({ file, source }) =>
          `mkdir -p "${path.join(outputDir, 'node_modules', path.dirname(file))}" && cp "${path.join(inputDir, source)}" "${path.join(outputDir, 'node_modules', file)}"`,
      ),
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
    banner: { js: BUNDLE.banner },
    define: bundleDefines(entry),
    logLevel: 'warning',
  };
}
