import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp } from '#infra/aws/build-app.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

/** The feature flags and settings of cdk.json, which the CLI hands the app; tests get the same. */
const CDK_JSON_CONTEXT = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context as Record<
  string,
  unknown
>;

/**
 * The whole app for template assertions: bundling skipped (seconds instead of a bundle per route), synthesized
 * into a temporary directory that is removed when the test file is done, with cdk.json's context as the CLI gives
 * it. `context` is what `-c` would add. Checking the templates against the CloudFormation schemas costs seconds
 * per synth, so only the test about it asks for it.
 */
export function appWithoutBundling(context: Record<string, unknown> = {}, { validateTemplates = false } = {}) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'payouts-infra-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  return buildApp({
    outdir,
    validateTemplates,
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
  });
}

/** Every setting configured, as strings the way `-c key=value` delivers them. */
export const FULL_CONTEXT = {
  stage: 'prod',
  alarmEmail: 'oncall@example.com',
  throttleRateLimit: '40',
  throttleBurstLimit: '80',
  corsAllowOrigins: 'https://dashboard.example.com,https://admin.example.com',
  logRetentionDays: '365',
  logLevel: 'warn',
  tracing: 'true',
  depositXpubParameter: '/payouts/prod/deposit-xpub',
  exchangeRates: '{"EUR":"0.92","USD":"1.00"}',
  withdrawalExpirySeconds: '86400',
  withdrawalMaxUsdc: '250000',
  sandboxSettleAfterSeconds: 'off',
  depositForwarders: JSON.stringify({
    base: {
      factory: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      implementation: '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be',
    },
  }),
  sweepThresholdUsdc: '250',
  sepaInstantLimitEur: '5000',
  receivingBanks: JSON.stringify({
    EUR: {
      accountName: 'Payouts Ltd',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
    },
  }),
};
