import { setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** Where every function runs and reports: the table, the region, logs and metrics (fields at the configuration's root). */
export const RuntimeSettings = {
  tableName: setting({
    variable: 'TABLE_NAME',
    schema: z.string().check(z.minLength(3)),
    default: 'payouts',
    description: 'The single table (the CDK stack sets it).',
  }),
  region: setting({
    variable: 'AWS_REGION',
    schema: z.string().check(z.minLength(1)),
    default: 'eu-central-1',
    description: 'The AWS region (Lambda sets it).',
  }),
  dynamodbEndpoint: setting({
    variable: 'DYNAMODB_ENDPOINT',
    schema: z.optional(z.url()),
    description: 'DynamoDB Local, locally and in tests; unset in AWS.',
  }),
  databaseBudgetMs: setting({
    variable: 'DATABASE_BUDGET_MS',
    schema: z.optional(z.coerce.number().check(z.int(), z.gte(500), z.lte(60_000))),
    unset: '4.5 s locally, 8 s in AWS',
    description:
      'How long one API request may wait for the database in all, in ms (`requestBudgetMs`, shared/db/client.ts); unset: 4.5 s against DynamoDB Local (a hung database answered under 5 s), 8 s in AWS.',
  }),
  logLevel: setting({
    variable: 'LOG_LEVEL',
    schema: z.enum(['debug', 'info', 'warn', 'error', 'silent']),
    default: 'info',
    description: 'The lowest level logged: `debug`, `info`, `warn` or `error` (and `silent` in tests).',
    deploy: { key: 'logLevel', schema: z.enum(['debug', 'info', 'warn', 'error']), default: 'info' },
  }),
  serviceName: setting({
    variable: 'SERVICE_NAME',
    schema: z.string().check(z.minLength(1)),
    default: 'payouts',
    description: 'The `service` of every log line and metric; the CDK stack sets `payouts-<stage>`.',
  }),
  metricsNamespace: setting({
    variable: 'METRICS_NAMESPACE',
    schema: z.optional(z.string().check(z.minLength(1))),
    description: 'CloudWatch namespace of the EMF metrics; unset (locally, in tests) no metrics are written.',
  }),
};
