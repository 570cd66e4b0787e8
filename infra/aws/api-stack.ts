import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { Access } from '#shared/http/route.ts';
import { NOT_FOUND_HANDLER, routeList } from '#shared/http/routes.ts';

/** Route handlers are named relative to the repository root; esbuild also resolves `#shared/*` from there. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type ApiFunctionProps = {
  /** The entry file relative to the repository root, as in the route table. */
  handler: string;
  tableName: string;
  /** Extra configuration every function reads at cold start (DEPOSIT_XPUB, SUPPORTED_CHAINS). */
  environment?: Record<string, string>;
  /** Files of installed packages the function reads at run time (`route.access.packageFiles`). */
  packageFiles?: readonly string[];
  /** Default 10 s (an API request); the event functions that wait on receivers need longer. */
  timeout?: Duration;
};

const requireFromRoot = createRequire(path.join(REPO_ROOT, 'package.json'));

/**
 * esbuild bundles code only. A function that reads package files at run time (the docs page's Swagger UI
 * assets) gets exactly those copied to `node_modules/` beside its bundle, where Node resolves them as it does
 * in the repository; no other function's bundle changes.
 */
function copyPackageFiles(files: readonly string[]) {
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

/** One API function: the runtime, size and bundling every route shares. */
export class ApiFunction extends NodejsFunction {
  constructor(
    scope: Construct,
    id: string,
    { handler, tableName, environment = {}, packageFiles = [], timeout }: ApiFunctionProps,
  ) {
    super(scope, id, {
      entry: path.join(REPO_ROOT, handler),
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: timeout ?? Duration.seconds(10),
      environment: { ...environment, TABLE_NAME: tableName, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        // esbuild from node_modules: synth needs neither Docker nor a network.
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // Stack traces only need the mappings; leaving the sources out keeps the zip small.
        sourcesContent: false,
        // Bundle the pinned AWS SDK v3 instead of trusting whichever version the runtime ships.
        externalModules: [],
        // Prefer the ESM builds of dependencies so tree shaking works.
        mainFields: ['module', 'main'],
        // CommonJS dependencies call `require` for Node built-ins; ESM has none, so provide one. The alias keeps
        // it from clashing with a bundled module that imports `createRequire` itself.
        banner:
          "import { createRequire as __bannerCreateRequire } from 'node:module'; const require = __bannerCreateRequire(import.meta.url);",
        ...(packageFiles.length ? { commandHooks: copyPackageFiles(packageFiles) } : {}),
      },
    });
  }
}

export type ApiStackProps = StackProps & { table: ITable; environment?: Record<string, string> };

/** Least privilege per route: what `route.access.table` says, nothing more. */
const GRANTS: Record<Access['table'], (table: ITable, fn: IGrantable) => void> = {
  none: () => {},
  read: (table, fn) => table.grantReadData(fn),
  readwrite: (table, fn) => table.grantReadWriteData(fn),
};

const pascalCase = (camel: string) => camel.charAt(0).toUpperCase() + camel.slice(1);

/** The HTTP API: one function per row of the route table, and a `$default` route for everything else. */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** By operationId, for tests and for whatever needs a route's function later (alarms, dashboards). */
  readonly functions: ReadonlyMap<string, ApiFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { table, environment } = props;

    // Without a `$default` route API Gateway answers unknown paths with `{"message":"Not Found"}`, not the
    // contract's `{"error": ...}`.
    const notFound = new ApiFunction(this, 'NotFound', { handler: NOT_FOUND_HANDLER, tableName: table.tableName });
    this.api = new HttpApi(this, 'HttpApi', {
      description: 'Payout service API (v2)',
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', notFound),
    });

    const functions = new Map<string, ApiFunction>();
    for (const route of routeList) {
      const name = pascalCase(route.operationId);
      const fn = new ApiFunction(this, name, {
        handler: route.handler,
        tableName: table.tableName,
        environment,
        packageFiles: route.access.packageFiles,
      });
      GRANTS[route.access.table](table, fn);
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      functions.set(route.operationId, fn);
    }
    this.functions = functions;

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL; routes start at /api/v2' });
  }
}
