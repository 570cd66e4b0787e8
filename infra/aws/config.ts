import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct, Node } from 'constructs';
import {
  EurReceivingAccountSchema,
  UsdReferenceAccountSchema,
  VirtualAccountIssuerSchema,
} from '#shared/config/receiving-banks.ts';
import {
  BankChannelSettings,
  ChainWatchSettings,
  DepositXpubSchema,
  ServiceSettings,
  type ServiceVariable,
  UsdcThresholdSchema,
} from '#shared/config/settings.ts';
import { ChainSchema, SupportedChainsSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The deployment's settings, read from CDK context (`cdk.json` or `-c key=value`), never from code. Values given
 * with `-c` arrive as strings, so numbers, booleans, lists and objects (JSON) are parsed from strings too.
 * Nothing here is a secret, and no private key is ever configured: the deposit addresses are derived from an
 * extended *public* key, given itself or as the name of the SSM parameter that holds it; an `xprv` fails synth.
 * What the functions get as environment (`PASSED_ON`) is also checked by the service's own schema of that
 * variable (shared/config/settings.ts), so a value the functions would refuse at cold start fails synth instead.
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

const SsmParameterName = z
  .string()
  .check(z.regex(/^\/[A-Za-z0-9_.\-/]+$/, 'Must be an SSM parameter name starting with /'));
const Decimal = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'Must be a decimal string such as "0.92"'));
const RETENTION_DAYS = Object.values(RetentionDays).filter((days): days is number => typeof days === 'number');

/** A JSON value as given; the service's own schema of its variable checks it (`PASSED_ON`). */
const jsonOf = <S extends z.ZodMiniType>(_schema: S) => z.pipe(z.transform(fromJson), z.custom<z.input<S>>());

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
  depositXpubParameter: z.optional(SsmParameterName),
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
          // What the watcher accepts as `WATCH_USDC_ADDRESS` and `WATCH_CONFIRMATIONS` (shared/config/settings.ts).
          usdcAddress: z.optional(ChainWatchSettings.shape.WATCH_USDC_ADDRESS),
          confirmations: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10_000))),
          startBlock: z.optional(z.string().check(z.regex(/^\d+$/, 'Must be a block number as a string'))),
          rpcUrlParameter: z.optional(SsmParameterName),
        }),
      ),
    ),
  ),
  /**
   * Custody: per chain, the deposit forwarder factory deployed there and its implementation
   * (`shared/custody/README.md`): `{"base":{"factory":"0x...","implementation":"0x..."}}` (`DEPOSIT_FORWARDERS`).
   * A chain listed here gets a sweeper function and the relayer's KMS key is created.
   */
  depositForwarders: z.optional(
    z.pipe(
      z.transform(fromJson),
      z.partialRecord(
        ChainSchema,
        z.strictObject({
          factory: ChainWatchSettings.shape.WATCH_USDC_ADDRESS,
          implementation: ChainWatchSettings.shape.WATCH_USDC_ADDRESS,
        }),
      ),
    ),
  ),
  /** The USDC a forwarder must hold before it is swept (`SWEEP_THRESHOLD_USDC`, 100 by default). */
  sweepThresholdUsdc: z.optional(UsdcThresholdSchema),
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
    jsonOf(z.partial(z.strictObject({ EUR: EurReceivingAccountSchema, USD: UsdReferenceAccountSchema }))),
  ),
  /**
   * Who issues USD virtual accounts: `{"bic":"...GB...","sortCode":"040000","bankName":"...","bankAddress":"..."}`
   * (`VIRTUAL_ACCOUNT_ISSUER`; the service validates it at cold start).
   */
  virtualAccountIssuer: z.optional(jsonOf(VirtualAccountIssuerSchema)),
  /** The organization's bank's Verification of Payee service, `https://...` (`PAYEE_VERIFICATION_URL`; unset: the sandbox stand-in). */
  payeeVerificationUrl: z.optional(z.url({ protocol: /^https$/ })),
  /** What a NOT_POSSIBLE payee check does: `confirm` (a member confirms the bank) or `proceed` (`PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE`). */
  payeeVerificationWhenNotPossible: z.optional(z.enum(['confirm', 'proceed'])),
  /** ACH prenotes: banking days without a return before one is CONFIRMED (`ACH_PRENOTE_WAIT_DAYS`, 1-10; default 3). */
  achPrenoteWaitDays: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10))),
  /** The largest payout in EUR that leaves by SEPA Instant when asked (`SEPA_INSTANT_LIMIT_EUR`; default 100000). */
  sepaInstantLimitEur: z.optional(
    z.pipe(z.transform(String), BankChannelSettings.shape.SEPA_INSTANT_LIMIT_EUR.def.innerType),
  ),
});

export type DeploymentConfig = z.infer<typeof DeploymentConfigSchema>;

/**
 * The settings the functions get as environment variables, by context key: the variable, and how its value is
 * written when not as itself (numbers as digits, JSON values as JSON). Unset ones are left out, so the service's
 * defaults apply.
 */
const PASSED_ON = {
  logLevel: { variable: 'LOG_LEVEL' },
  depositXpub: { variable: 'DEPOSIT_XPUB' },
  supportedChains: { variable: 'SUPPORTED_CHAINS' },
  exchangeRates: {
    variable: 'EXCHANGE_RATES',
    format: (rates: NonNullable<DeploymentConfig['exchangeRates']>) => `EUR=${rates.EUR},USD=${rates.USD}`,
  },
  referenceRatesSource: { variable: 'REFERENCE_RATES_SOURCE' },
  referenceRatesMaxAgeHours: { variable: 'REFERENCE_RATES_MAX_AGE_H' },
  withdrawalExpirySeconds: { variable: 'WITHDRAWAL_EXPIRY_S' },
  withdrawalMaxUsdc: { variable: 'WITHDRAWAL_MAX_USDC' },
  sandboxSettleAfterSeconds: { variable: 'SANDBOX_SETTLE_AFTER_S' },
  consoleOrigin: { variable: 'CONSOLE_ORIGIN' },
  mailFrom: { variable: 'MAIL_FROM' },
  payoutBatchIntervalSeconds: { variable: 'PAYOUT_BATCH_INTERVAL_S' },
  payoutProcessingAlarmSeconds: { variable: 'PAYOUT_PROCESSING_ALARM_S' },
  receivingBanks: { variable: 'RECEIVING_BANKS' },
  depositForwarders: { variable: 'DEPOSIT_FORWARDERS' },
  virtualAccountIssuer: { variable: 'VIRTUAL_ACCOUNT_ISSUER' },
  payeeVerificationUrl: { variable: 'PAYEE_VERIFICATION_URL' },
  payeeVerificationWhenNotPossible: { variable: 'PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE' },
  achPrenoteWaitDays: { variable: 'ACH_PRENOTE_WAIT_DAYS' },
  sepaInstantLimitEur: { variable: 'SEPA_INSTANT_LIMIT_EUR' },
} as const satisfies Partial<Record<keyof DeploymentConfig, { variable: ServiceVariable; format?: unknown }>>;

/** The passed-on settings that are set: context key, variable, and the value as the functions read it. */
function passedOn(config: DeploymentConfig) {
  return Object.entries(PASSED_ON).flatMap(([key, setting]) => {
    const value: unknown = config[key as keyof typeof PASSED_ON];
    if (value === undefined) return [];
    const text =
      'format' in setting
        ? setting.format(value as NonNullable<DeploymentConfig['exchangeRates']>)
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    return [{ key, variable: setting.variable as ServiceVariable, text }];
  });
}

/** What the functions get as `variable`, when the deployment sets it. */
export function passedOnValue(config: DeploymentConfig, variable: ServiceVariable): string | undefined {
  return passedOn(config).find((setting) => setting.variable === variable)?.text;
}

const OneXpubSource = DeploymentConfigSchema.check(
  z.refine((config) => !(config.depositXpub && config.depositXpubParameter), {
    path: ['depositXpub'],
    message: 'Give depositXpub or depositXpubParameter, not both',
  }),
  // The functions' own reading of what they are given (once the context's shape is right): a value they would
  // refuse fails synth, not every cold start.
  z.superRefine((config, ctx) => {
    for (const { key, variable, text } of passedOn(config)) {
      const result = ServiceSettings.shape[variable].safeParse(text);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        ctx.issues.push({ code: 'custom', message: issue.message, path: [key, ...issue.path], input: text });
      }
    }
  }),
);
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
 * The environment every function of the deployment gets (besides `TABLE_NAME`): the service's name and metrics
 * namespace, the xpub parameter resolved at deploy time, and the `PASSED_ON` settings.
 */
export function deploymentEnvironment(scope: Construct, config: DeploymentConfig): Record<string, string> {
  const environment: Record<string, string> = { SERVICE_NAME: `payouts-${config.stage}`, METRICS_NAMESPACE };
  if (config.depositXpubParameter) {
    // A CloudFormation parameter of type AWS::SSM::Parameter::Value<String>: read at deploy time by
    // CloudFormation, so the functions need neither an SSM permission nor a call at cold start.
    environment.DEPOSIT_XPUB = StringParameter.valueForStringParameter(scope, config.depositXpubParameter);
  }
  for (const { variable, text } of passedOn(config)) environment[variable] = text;
  return environment;
}
