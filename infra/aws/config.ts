import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct, Node } from 'constructs';
import { DepositXpubSchema } from '#shared/config/env.ts';
import { ChainSchema, SupportedChainsSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The deployment's settings, read from CDK context (`cdk.json` or `-c key=value`), never from code. Values given
 * with `-c` arrive as strings, so numbers, booleans, lists and objects (JSON) are parsed from strings too.
 * Nothing here is a secret, and no private key is ever configured: the deposit addresses are derived from an
 * extended *public* key, given itself or as the name of the SSM parameter that holds it; an `xprv` fails synth.
 */

const fromJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
const fromBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
const fromList = (value: unknown) =>
  typeof value === 'string' && !value.trim().startsWith('[')
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : fromJson(value);

const Decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'Must be a decimal string such as "0.92"'));
const RETENTION_DAYS = Object.values(RetentionDays).filter((days): days is number => typeof days === 'number');

/** ISO 13616: country, check digits, then the account; the whole passes mod 97 = 1. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

const ReceivingBankSchema = z.strictObject({
  accountName: z.string().check(z.minLength(1)),
  accountAddress: z.optional(z.string().check(z.minLength(1))),
  iban: z.optional(z.string().check(z.refine(isValidIban, 'Invalid IBAN (upper case, no spaces)'))),
  bic: z.optional(z.string().check(z.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Invalid BIC'))),
  accountNumber: z.optional(z.string().check(z.minLength(1))),
  routingNumber: z.optional(z.string().check(z.regex(/^\d{9}$/, 'Must be 9 digits'))),
  bankName: z.string().check(z.minLength(1)),
  bankAddress: z.optional(z.string().check(z.minLength(1))),
  bankCountry: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code'))),
});

export const DeploymentConfigSchema = z.strictObject({
  /** Names the stacks (`payouts-<stage>-api`), the log `service` and the metrics' service dimension. */
  stage: z._default(
    z
      .string()
      .check(z.regex(/^[a-z][a-z0-9-]{0,19}$/, 'Lower-case letters, digits and dashes, starting with a letter')),
    'dev',
  ),
  /** Subscribed to the alarm topic (AWS asks the address to confirm once). Without it, subscribe by hand. */
  alarmEmail: z.optional(z.email()),
  /** API Gateway stage throttling: steady requests per second, and the burst above it. */
  throttleRateLimit: z._default(z.coerce.number().check(z.int(), z.positive()), 100),
  throttleBurstLimit: z._default(z.coerce.number().check(z.int(), z.positive()), 200),
  /** Browser origins allowed by CORS; none (the default) leaves CORS off: the API is called server to server. */
  corsAllowOrigins: z.optional(z.pipe(z.transform(fromList), z.array(z.url()).check(z.minLength(1)))),
  /** Retention of every function's log group and of the access logs, in days (one of CloudWatch's values). */
  logRetentionDays: z._default(
    z.coerce
      .number()
      .check(z.refine((days) => RETENTION_DAYS.includes(days), `Must be one of ${RETENTION_DAYS.join(', ')}`)),
    90,
  ),
  logLevel: z._default(z.enum(['debug', 'info', 'warn', 'error']), 'info'),
  /** X-Ray active tracing on every function. */
  tracing: z._default(z.pipe(z.transform(fromBoolean), z.boolean()), false),
  /**
   * Name of the SSM String parameter holding the extended public key (xpub) deposit addresses are derived from.
   * Resolved by CloudFormation at deploy time into `DEPOSIT_XPUB`; change the parameter, then redeploy.
   */
  depositXpubParameter: z.optional(
    z.string().check(z.regex(/^\/[A-Za-z0-9_.\-/]+$/, 'Must be an SSM parameter name starting with /')),
  ),
  /** The xpub itself, when it is not kept in SSM (`-c depositXpub=xpub...`); checked at synth. */
  depositXpub: z.optional(DepositXpubSchema),
  /** `SUPPORTED_CHAINS` of the deposit wallets: comma-separated known chains (the code's default otherwise). */
  supportedChains: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => SupportedChainsSchema.safeParse(value).success,
          'Must be known chains, comma-separated, each once',
        ),
      ),
  ),
  /**
   * Per chain, what differs from the watcher's defaults (`infra/aws/chain-watchers.ts`):
   * `{"base":{"confirmations":60,"startBlock":"23000000","rpcUrlParameter":"/payouts/prod/rpc-url/base"}}`.
   */
  chainWatchers: z.optional(
    z.pipe(
      z.transform(fromJson),
      z.partialRecord(
        ChainSchema,
        z.strictObject({
          usdcAddress: z.optional(
            z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Must be 0x followed by 40 hex digits')),
          ),
          confirmations: z.optional(z.number().check(z.int(), z.gte(0))),
          startBlock: z.optional(z.string().check(z.regex(/^\d+$/, 'Must be a block number as a string'))),
          rpcUrlParameter: z.optional(
            z.string().check(z.regex(/^\/[A-Za-z0-9_.\-/]+$/, 'Must be an SSM parameter name starting with /')),
          ),
        }),
      ),
    ),
  ),
  /** The fixed rate provider's rates, bank-currency units per 1 USDC: `{"EUR":"0.92","USD":"1.00"}` (`EXCHANGE_RATES`). */
  exchangeRates: z.optional(z.pipe(z.transform(fromJson), z.strictObject({ EUR: Decimal, USD: Decimal }))),
  /**
   * Where live organizations' rates come from (`REFERENCE_RATES_SOURCE`): `ecb` (the default in AWS: the ECB's
   * daily reference rates, fetched hourly by the ReferenceRates function, plus each organization's spread) or
   * `fixed` (`exchangeRates`, as for sandbox organizations).
   */
  referenceRatesSource: z._default(z.enum(['fixed', 'ecb']), 'ecb'),
  /** Hours after its publication that an ECB rate is stale and withdrawals wait as PROPOSED (`REFERENCE_RATES_MAX_AGE_H`). */
  referenceRatesMaxAgeHours: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(720))),
  /** Seconds a withdrawal may wait for signatures before the expiry sweep expires it (`WITHDRAWAL_EXPIRY_S`). */
  withdrawalExpirySeconds: z.optional(z.coerce.number().check(z.int(), z.gte(60))),
  /** Where the organization console is served, `https://...` (`CONSOLE_ORIGIN`; the passkeys' relying party). */
  consoleOrigin: z.optional(z.url({ protocol: /^https$/ })),
  /** The sender of console invitations, an address of an Amazon SES identity verified for its domain (`MAIL_FROM`). */
  mailFrom: z.optional(z.email()),
  /** The largest source amount of one withdrawal, in USDC (`WITHDRAWAL_MAX_USDC`). */
  withdrawalMaxUsdc: z.optional(Decimal),
  /**
   * Seconds until the sandbox bank answers a payout, or `off` (`SANDBOX_SETTLE_AFTER_S`); `off` also leaves the
   * sandbox bank simulator undeployed.
   */
  sandboxSettleAfterSeconds: z.optional(z.union([z.literal('off'), z.coerce.number().check(z.int(), z.gte(0))])),
  /** Seconds between payout batcher runs (`PAYOUT_BATCH_INTERVAL_S`; EventBridge schedules run at most every 60 s). */
  payoutBatchIntervalSeconds: z.optional(z.coerce.number().check(z.int(), z.gte(60))),
  /** Seconds after its file was written that a PROCESSING payout raises the stuck-payout alarm (2 days by default). */
  payoutProcessingAlarmSeconds: z.optional(z.coerce.number().check(z.int(), z.gte(60))),
  /** The shared receiving accounts quoted in deposit details: `{"EUR":{...},"USD":{...}}` (`RECEIVING_BANKS`). */
  receivingBanks: z.optional(
    z.pipe(z.transform(fromJson), z.partial(z.strictObject({ EUR: ReceivingBankSchema, USD: ReceivingBankSchema }))),
  ),
  /**
   * Who issues USD virtual accounts: `{"bic":"...GB...","sortCode":"040000","bankName":"...","bankAddress":"..."}`
   * (`VIRTUAL_ACCOUNT_ISSUER`; the service validates it at cold start).
   */
  virtualAccountIssuer: z.optional(
    z.pipe(
      z.transform(fromJson),
      z.strictObject({
        bic: z.string().check(z.regex(/^[A-Z]{4}GB[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Must be a GB BIC')),
        sortCode: z.string().check(z.regex(/^\d{6}$/, 'Must be 6 digits')),
        bankName: z.string().check(z.minLength(1)),
        bankAddress: z.optional(z.string().check(z.minLength(1))),
      }),
    ),
  ),
});

const OneXpubSource = DeploymentConfigSchema.check(
  z.refine((config) => !(config.depositXpub && config.depositXpubParameter), {
    path: ['depositXpub'],
    message: 'Give depositXpub or depositXpubParameter, not both',
  }),
);

export type DeploymentConfig = z.infer<typeof DeploymentConfigSchema>;
export const CONTEXT_KEYS = Object.keys(DeploymentConfigSchema.shape) as (keyof DeploymentConfig)[];

export class DeploymentConfigError extends Error {}

/** Parses the context values of `CONTEXT_KEYS`; an invalid one fails synth with a message naming the key. */
export function parseDeploymentConfig(context: Record<string, unknown>): DeploymentConfig {
  const ours = Object.fromEntries(
    CONTEXT_KEYS.flatMap((key) => (context[key] === undefined ? [] : [[key, context[key]]])),
  );
  const result = OneXpubSource.safeParse(ours);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new DeploymentConfigError(`Invalid CDK context: ${problems}`);
  }
  return result.data;
}

export function readDeploymentConfig(node: Node): DeploymentConfig {
  return parseDeploymentConfig(Object.fromEntries(CONTEXT_KEYS.map((key) => [key, node.tryGetContext(key)])));
}

/** Namespace of the EMF metrics the functions write (the stage is the `service` dimension). */
export const METRICS_NAMESPACE = 'Payouts';

/**
 * The environment every function of the deployment gets (besides `TABLE_NAME`): settings the code reads through
 * `shared/config/env.ts`. Optional settings are left out when not configured, so the code's defaults apply.
 */
export function deploymentEnvironment(scope: Construct, config: DeploymentConfig): Record<string, string> {
  const environment: Record<string, string> = {
    LOG_LEVEL: config.logLevel,
    SERVICE_NAME: `payouts-${config.stage}`,
    METRICS_NAMESPACE,
  };
  if (config.depositXpubParameter) {
    // A CloudFormation parameter of type AWS::SSM::Parameter::Value<String>: read at deploy time by
    // CloudFormation, so the functions need neither an SSM permission nor a call at cold start.
    environment.DEPOSIT_XPUB = StringParameter.valueForStringParameter(scope, config.depositXpubParameter);
  }
  if (config.depositXpub) environment.DEPOSIT_XPUB = config.depositXpub;
  if (config.supportedChains) environment.SUPPORTED_CHAINS = config.supportedChains;
  if (config.exchangeRates) {
    environment.EXCHANGE_RATES = `EUR=${config.exchangeRates.EUR},USD=${config.exchangeRates.USD}`;
  }
  environment.REFERENCE_RATES_SOURCE = config.referenceRatesSource;
  if (config.referenceRatesMaxAgeHours !== undefined) {
    environment.REFERENCE_RATES_MAX_AGE_H = String(config.referenceRatesMaxAgeHours);
  }
  if (config.withdrawalExpirySeconds !== undefined) {
    environment.WITHDRAWAL_EXPIRY_S = String(config.withdrawalExpirySeconds);
  }
  if (config.withdrawalMaxUsdc !== undefined) environment.WITHDRAWAL_MAX_USDC = config.withdrawalMaxUsdc;
  if (config.sandboxSettleAfterSeconds !== undefined) {
    environment.SANDBOX_SETTLE_AFTER_S = String(config.sandboxSettleAfterSeconds);
  }
  if (config.consoleOrigin) environment.CONSOLE_ORIGIN = config.consoleOrigin;
  if (config.mailFrom) environment.MAIL_FROM = config.mailFrom;
  if (config.payoutBatchIntervalSeconds !== undefined) {
    environment.PAYOUT_BATCH_INTERVAL_S = String(config.payoutBatchIntervalSeconds);
  }
  if (config.payoutProcessingAlarmSeconds !== undefined) {
    environment.PAYOUT_PROCESSING_ALARM_S = String(config.payoutProcessingAlarmSeconds);
  }
  if (config.receivingBanks) environment.RECEIVING_BANKS = JSON.stringify(config.receivingBanks);
  if (config.virtualAccountIssuer) environment.VIRTUAL_ACCOUNT_ISSUER = JSON.stringify(config.virtualAccountIssuer);
  return environment;
}
