import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { handler as getOpenApiDocument } from '#functions/api/docs/get-openapi-document.ts';
import { esbuildOptions } from '#infra/aws/bundling.ts';
import { PayoutsFunction } from '#infra/aws/function.ts';
import { PrenoteSettings } from '#shared/banks/settings.ts';
import { AuthenticationResponseSchema } from '#shared/console/common/passkey-schemas.ts';
import { ConsoleSessionSchema, RejectWithdrawalBody } from '#shared/console/common/schemas.ts';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { describeSchemas, operationProse } from '#shared/openapi/prose.ts';
import { OPENAPI_DOCUMENT_FILE } from '#shared/openapi/served-document.ts';
import { routeList, routes } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';
import { bundle as benchBundle } from '#test/bench/bundles.ts';
import { bundledInputs } from '#test/bench/own-floor.ts';
import { type ApiEvent, invoke } from '#test/support/http/api-event.ts';

const run = promisify(execFile);
const outdir = await mkdtemp(path.join(tmpdir(), 'payouts-bundling-'));
afterAll(() => rm(outdir, { recursive: true, force: true }));

/** Synthesizes one real API function (bundling on) and returns the directory of its code asset. */
function bundle(route: RouteDefinition): string {
  // The template is checked elsewhere; only the bundle matters here, so skip the slow template validation.
  const app = new App({ outdir, builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'BundlingProbe');
  const fn = new PayoutsFunction(stack, 'Probe', {
    handler: route.handler,
    environment: { TABLE_NAME: 'payouts-test' },
    logRetention: RetentionDays.ONE_WEEK,
    packageFiles: route.access.packageFiles,
  });
  const template = app.synth().getStackByName(stack.stackName).template;
  const s3Key: string =
    template.Resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties.Code.S3Key;
  return path.join(outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);
}

/** An API Gateway request of a public GET route, as the probes send it. */
function probeEvent(request: { path: string; pathParameters?: Record<string, string> }) {
  return {
    version: '2.0',
    routeKey: `GET ${request.path}`,
    rawPath: request.path,
    rawQueryString: '',
    headers: { 'accept-encoding': 'gzip' },
    ...(request.pathParameters ? { pathParameters: request.pathParameters } : {}),
    isBase64Encoded: false,
    requestContext: { requestId: 'probe-1', http: { method: 'GET' } },
  };
}

/**
 * Loads a bundle and calls its handler outside the repository with a bare environment: an import left external
 * (the AWS SDK, say) finds no node_modules there and fails the load.
 */
async function invokeBundle(asset: string, request: { path: string; pathParameters?: Record<string, string> }) {
  const event = probeEvent(request);
  const script = `
    const { handler } = await import(process.env.BUNDLE_URL);
    process.stdout.write(JSON.stringify(await handler(JSON.parse(process.env.EVENT), {})));`;
  const { stdout } = await run(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
    cwd: asset,
    env: {
      BUNDLE_URL: pathToFileURL(path.join(asset, 'index.mjs')).href,
      EVENT: JSON.stringify(event),
      TABLE_NAME: 'payouts-test',
      AWS_REGION: 'eu-central-1',
      LOG_LEVEL: 'silent',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/**
 * What the bundle benchmark builds for a route (test/bench/bundles.ts), built once per file: several tests read
 * the same route's bundle.
 */
const benchBuilt = new Map<RouteDefinition, Promise<string>>();
function benchBundled(route: RouteDefinition): Promise<string> {
  let file = benchBuilt.get(route);
  if (!file) {
    file = benchBundle(route.handler, path.join(outdir, `bench-${route.operationId}`));
    benchBuilt.set(route, file);
  }
  return file;
}

const healthAsset = bundle(routes.health);
const documentAsset = bundle(routes.getOpenApiDocument);
const documentEvent = probeEvent({ path: routes.getOpenApiDocument.path }) as unknown as ApiEvent;

describe('API function bundling', () => {
  it('bundles a route into one self-contained ESM file that answers outside the repository', async () => {
    const asset = healthAsset;
    const entry = path.join(asset, 'index.mjs');

    expect(existsSync(entry)).toBe(true);
    expect(existsSync(`${entry}.map`)).toBe(true);
    expect(existsSync(path.join(asset, 'node_modules'))).toBe(false);

    const response = await invokeBundle(asset, { path: '/api/v2/health' });

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toBe('probe-1');
  });

  it('copies the Swagger UI files into the docs asset function, which serves them from there', async () => {
    const asset = bundle(routes.getDocsAsset);
    const copied = (routes.getDocsAsset.access.packageFiles ?? []).map((file) =>
      path.join(asset, 'node_modules', file),
    );

    expect(copied.length).toBeGreaterThan(0);
    expect(copied.filter((file) => !existsSync(file))).toEqual([]);

    const css = await invokeBundle(asset, {
      path: '/docs/swagger-ui.css',
      pathParameters: { asset: 'swagger-ui.css' },
    });

    expect(css.statusCode).toBe(200);
    expect(css.headers).toMatchObject({ 'content-type': 'text/css; charset=utf-8', 'content-encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(css.body, 'base64')).toString()).toContain('.swagger-ui');
  });

  it('ships the OpenAPI document as a file beside its function, which answers it as the local runtime does', async () => {
    const file = path.join(documentAsset, OPENAPI_DOCUMENT_FILE);
    const local = await invoke(getOpenApiDocument, documentEvent);
    const response = await invokeBundle(documentAsset, { path: routes.getOpenApiDocument.path });

    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(gunzipSync(await readFile(file)).toString())).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(routeList))),
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ openapi: '3.1.0', paths: { '/api/v2/customers': {} } });
    expect(response).toEqual(local);
  });

  it('carries neither zod-to-openapi nor the route table in the OpenAPI document function', async () => {
    const { metafile } = await build({
      ...esbuildOptions(routes.getOpenApiDocument.handler, path.join(outdir, 'document-meta')),
      metafile: true,
    });
    const inputs = Object.keys(bundledInputs(metafile));

    expect(inputs.length).toBeGreaterThan(50);
    expect(inputs.filter((input) => input.includes('node_modules/@asteasolutions/zod-to-openapi/'))).toEqual([]);
    // The customers area's settings and keys fragments come along: every function reads its configuration and keys
    // through modules that assemble every area's fragment.
    const areaModules = /^shared\/(routes\.ts|openapi\/document\.ts|customers\/(?!(settings|keys)\.ts$))/;
    expect(inputs.filter((input) => areaModules.test(input))).toEqual([]);
  });

  it("leaves the operations' OpenAPI prose out of every bundle, the document's file beside its function has it", async () => {
    const prose = String(operationProse(routes.createCustomer).description).slice(0, 60);
    const built = async (route: RouteDefinition) => readFile(await benchBundled(route), 'utf8');

    expect(prose).toMatch(/^The customer starts with/);
    expect(await built(routes.createCustomer)).not.toContain(prose);
    expect(await built(routes.getOpenApiDocument)).not.toContain(prose);
    expect(gunzipSync(await readFile(path.join(documentAsset, OPENAPI_DOCUMENT_FILE))).toString()).toContain(
      JSON.stringify(prose).slice(1, -1),
    );
  });

  it('is what the bundle benchmark builds, byte for byte', async () => {
    const benched = await benchBundled(routes.health);
    const benchedDocument = await benchBundled(routes.getOpenApiDocument);

    // Buffer.equals, byte for byte: toEqual walks a megabyte bundle one element at a time, seconds of CPU.
    const sameBytes = async (built: string, asset: string) =>
      (await readFile(built)).equals(await readFile(path.join(asset, 'index.mjs')));
    expect(await sameBytes(benched, healthAsset), `${benched} against the health asset`).toBe(true);
    expect(await sameBytes(benchedDocument, documentAsset), `${benchedDocument} against the document asset`).toBe(true);
  });

  it("leaves the console rows' summaries and their schemas' OpenAPI metadata and examples out of the console bundles", async () => {
    describeSchemas();
    const summary = operationProse(routes.consoleGetSession).summary;
    const description = (schema: z.ZodMiniType) => z.globalRegistry.get(schema)?.description;
    const [session] = (z.globalRegistry.get(ConsoleSessionSchema)?.examples ?? []) as {
      organization: { name: string };
    }[];
    const texts = [
      summary,
      description(RejectWithdrawalBody.shape.reason),
      description(AuthenticationResponseSchema),
      session?.organization.name,
    ];
    const bundled = await readFile(await benchBundled(routes.consoleGetSession), 'utf8');

    expect(texts).toEqual([
      'The signed-in member, the organization and what the role allows',
      'Why the withdrawal is rejected (audited)',
      'The assertion made by the browser (`@simplewebauthn/browser` `startAuthentication`)',
      'Acme Payouts',
    ]);
    for (const text of texts) expect(bundled).not.toContain(text);
  });

  it("leaves the settings' descriptions and context keys out of every bundle, and reads them there all the same", async () => {
    const { description, deploy } = PrenoteSettings.waitDays;
    const bundled = await readFile(await benchBundled(routes.health), 'utf8');

    expect(description).toMatch(/^Banking days after/);
    // Booleans: a failing `toContain` would print the whole bundle.
    expect(bundled.includes('"ACH_PRENOTE_WAIT_DAYS"'), 'the variable read').toBe(true);
    expect(bundled.includes(description.slice(0, 40)), 'the description').toBe(false);
    expect(bundled.includes(`"${deploy.key}"`), 'the context key').toBe(false);
  });
});
