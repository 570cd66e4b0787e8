import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp } from '#infra/aws/build-app.ts';

/**
 * The whole app for template assertions: bundling skipped (seconds instead of a bundle per route), synthesized
 * into a temporary directory that is removed when the test file is done.
 */
export function appWithoutBundling() {
  const outdir = mkdtempSync(path.join(tmpdir(), 'payouts-infra-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  return buildApp({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
}
