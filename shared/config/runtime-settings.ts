import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** Where every function runs and reports: the table, the region, logs and metrics (fields at the configuration's root). */
export const RuntimeSettings = {
  tableName: setting(
    'TABLE_NAME',
    z.prefault(z.string().check(z.minLength(3)), 'payouts'),
    SETTINGS_ABOUT && {
      description: 'The single table (the CDK stack sets it).',
    },
  ),
  region: setting(
    'AWS_REGION',
    z.prefault(z.string().check(z.minLength(1)), 'eu-central-1'),
    SETTINGS_ABOUT && {
      description: 'The AWS region (Lambda sets it).',
    },
  ),
  dynamodbEndpoint: setting(
    'DYNAMODB_ENDPOINT',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'DynamoDB Local, locally and in tests; unset in AWS.',
    },
  ),
  databaseBudgetMs: setting(
    'DATABASE_BUDGET_MS',
    z.optional(z.coerce.number().check(z.int(), z.gte(500), z.lte(60_000))),
    SETTINGS_ABOUT && {
      description:
        'How long one API request may wait for the database in all, in ms (`requestBudgetMs`, shared/db/client.ts); unset: 4.5 s against DynamoDB Local (a hung database answered under 5 s), 8 s in AWS.',
      unset: '4.5 s locally, 8 s in AWS',
    },
  ),
  logLevel: setting(
    'LOG_LEVEL',
    z.prefault(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
    SETTINGS_ABOUT && {
      description: 'The lowest level logged: `debug`, `info`, `warn` or `error` (and `silent` in tests).',
      deploy: { key: 'logLevel', schema: z.enum(['debug', 'info', 'warn', 'error']), default: 'info' },
    },
  ),
  serviceName: setting(
    'SERVICE_NAME',
    z.prefault(z.string().check(z.minLength(1)), 'payouts'),
    SETTINGS_ABOUT && {
      description: 'The `service` of every log line and metric; the CDK stack sets `payouts-<stage>`.',
    },
  ),
  metricsNamespace: setting(
    'METRICS_NAMESPACE',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description: 'CloudWatch namespace of the EMF metrics; unset (locally, in tests) no metrics are written.',
    },
  ),
};
