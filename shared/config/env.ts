import { z } from 'zod';

/**
 * Configuration is read from the environment once, validated, and frozen. A missing or malformed value
 * fails the cold start with a message that names the variable, instead of failing a request later.
 */
const EnvSchema = z.object({
  TABLE_NAME: z.string().min(3).default('payouts'),
  AWS_REGION: z.string().min(1).default('eu-central-1'),
  /** Set locally and in tests (DynamoDB Local); unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  KYC_FLOW_BASE_URL: z.url().default('https://kyc.sandbox.payouts.dev/flow'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** The `service` of every log line and metric; the CDK stack sets `payouts-<stage>`. */
  SERVICE_NAME: z.string().min(1).default('payouts'),
  /** CloudWatch namespace for the EMF metrics; unset (locally, in tests) no metrics are written. */
  METRICS_NAMESPACE: z.string().min(1).optional(),
});

export type Config = Readonly<{
  tableName: string;
  region: string;
  dynamodbEndpoint: string | undefined;
  kycFlowBaseUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  serviceName: string;
  metricsNamespace: string | undefined;
}>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  return Object.freeze({
    tableName: e.TABLE_NAME,
    region: e.AWS_REGION,
    dynamodbEndpoint: e.DYNAMODB_ENDPOINT,
    kycFlowBaseUrl: e.KYC_FLOW_BASE_URL,
    logLevel: e.LOG_LEVEL,
    serviceName: e.SERVICE_NAME,
    metricsNamespace: e.METRICS_NAMESPACE,
  });
}

let cached: Config | undefined;

/** The process-wide configuration, read on first use (at cold start, when a handler module loads). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
