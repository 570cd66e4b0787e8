import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { PayoutsFunction } from '#infra/aws/function.ts';
import { routes } from '#shared/http/routes.ts';
import { bundle } from '#test/bench/bundles.ts';

const run = promisify(execFile);
const outdir = await mkdtemp(path.join(tmpdir(), 'payouts-bundling-'));
afterAll(() => rm(outdir, { recursive: true, force: true }));

/** Synthesizes one real API function (bundling on) and returns the directory of its code asset. */
function bundleHealth(): string {
  // The template is checked elsewhere; only the bundle matters here, so skip the slow template validation.
  const app = new App({ outdir, builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'BundlingProbe');
  const fn = new PayoutsFunction(stack, 'Health', {
    handler: routes.health.handler,
    environment: { TABLE_NAME: 'payouts-test' },
    logRetention: RetentionDays.ONE_WEEK,
  });
  const template = app.synth().getStackByName(stack.stackName).template;
  const s3Key: string =
    template.Resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties.Code.S3Key;
  return path.join(outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);
}

const asset = bundleHealth();

describe('API function bundling', () => {
  it('bundles a route into one self-contained ESM file that answers outside the repository', async () => {
    const entry = path.join(asset, 'index.mjs');

    expect(existsSync(entry)).toBe(true);
    expect(existsSync(`${entry}.map`)).toBe(true);

    // Load and call it outside the repository with a bare environment: an import left external (the AWS SDK, say)
    // finds no node_modules there and fails the load.
    const script = `
      const { handler } = await import(process.env.BUNDLE_URL);
      const event = { version: '2.0', routeKey: 'GET /api/v2/health', rawPath: '/api/v2/health', rawQueryString: '',
        headers: {}, isBase64Encoded: false, requestContext: { requestId: 'probe-1', http: { method: 'GET' } } };
      process.stdout.write(JSON.stringify(await handler(event, {})));`;
    const { stdout } = await run(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
      cwd: asset,
      env: {
        BUNDLE_URL: pathToFileURL(entry).href,
        TABLE_NAME: 'payouts-test',
        AWS_REGION: 'eu-central-1',
        LOG_LEVEL: 'silent',
      },
    });
    const response = JSON.parse(stdout);

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toBe('probe-1');
  });

  it('is what the bundle benchmark builds, byte for byte', async () => {
    const benched = await bundle(routes.health.handler, path.join(outdir, 'bench'));

    expect(await readFile(benched)).toEqual(await readFile(path.join(asset, 'index.mjs')));
  });
});
