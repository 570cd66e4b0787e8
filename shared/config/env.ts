import { extendedPublicKeyProblem } from '#shared/config/extended-public-key.ts';
import {
  type EurReceivingAccount,
  jsonVariable,
  PLATFORM_DEFAULTS,
  ReceivingBanksSchema,
  type UsdReferenceAccount,
  type VirtualAccountIssuer,
  VirtualAccountIssuerSchema,
} from '#shared/config/receiving-banks.ts';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '#shared/config/retry-schedule.ts';
import { type Chain, ChainSchema, DEFAULT_SUPPORTED_CHAINS, SupportedChainsSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/** An extended public key (`xpub...`); anything else, an extended private key above all, is refused. */
export const DepositXpubSchema = z.string().check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const problem = extendedPublicKeyProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

const HexAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be 0x followed by 40 hex digits' }));

/** A development chain: where it answers, its USDC test token, and a funded development key (never real funds). */
export const SandboxChainSchema = z.object({
  chain: ChainSchema,
  chainId: z.number().check(z.int(), z.gte(1)),
  rpcUrl: z.url(),
  usdcAddress: HexAddress,
  fundedPrivateKey: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x followed by 64 hex digits' })),
});
export type SandboxChain = z.infer<typeof SandboxChainSchema>;
/** The sender of console invitations unless `MAIL_FROM` names another. */
export const DEFAULT_MAIL_FROM = 'console@payouts.dev';

/**
 * Configuration is read from the environment once, validated, and frozen. A missing or malformed value
 * fails the cold start with a message that names the variable, instead of failing a request later.
 */
const EnvSchema = z.object({
  TABLE_NAME: z._default(z.string().check(z.minLength(3)), 'payouts'),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'eu-central-1'),
  /** Set locally and in tests (DynamoDB Local); unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  KYC_FLOW_BASE_URL: z._default(z.url(), 'https://kyc.sandbox.payouts.dev/flow'),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** The `service` of every log line and metric; the CDK stack sets `payouts-<stage>`. */
  SERVICE_NAME: z._default(z.string().check(z.minLength(1)), 'payouts'),
  /** CloudWatch namespace for the EMF metrics; unset (locally, in tests) no metrics are written. */
  METRICS_NAMESPACE: z.optional(z.string().check(z.minLength(1))),
  /**
   * The extended public key bank deposit addresses are derived from. Optional so functions that never derive
   * start without it (creating a bank then fails loudly); a malformed or private key fails every cold start.
   */
  DEPOSIT_XPUB: z.optional(DepositXpubSchema),
  SUPPORTED_CHAINS: z.prefault(SupportedChainsSchema, DEFAULT_SUPPORTED_CHAINS.join(',')),
  // Withdrawals.
  /** Seconds until a sandbox payout settles by itself; `off` leaves it PROCESSING until the sandbox routes decide. */
  SANDBOX_SETTLE_AFTER_S: z.pipe(
    z._default(
      z.string().check(z.regex(/^(off|\d{1,7})$/, { error: 'must be a whole number of seconds or off' })),
      '3',
    ),
    z.transform((value) => (value === 'off' ? null : Number(value))),
  ),
  /** Seconds a withdrawal may wait for signatures before it expires (7 days). */
  WITHDRAWAL_EXPIRY_S: z._default(z.coerce.number().check(z.int(), z.gte(1)), 7 * 24 * 3600),
  /** The largest source amount of one withdrawal, in USDC. */
  WITHDRAWAL_MAX_USDC: z._default(
    z.string().check(z.regex(/^\d{1,15}(\.\d{1,6})?$/, { error: 'must be a decimal amount' })),
    '1000000',
  ),
  /** The fixed rate provider's rates, bank-currency units per USDC (sandbox organizations may override theirs). */
  EXCHANGE_RATES: z.pipe(
    z._default(
      z
        .string()
        .check(
          z.regex(/^EUR=\d{1,6}(\.\d{1,8})?,USD=\d{1,6}(\.\d{1,8})?$/, { error: 'must look like EUR=0.92,USD=1.00' }),
        ),
      'EUR=0.92,USD=1.00',
    ),
    z.transform((value) => {
      const [eur = '', usd = ''] = value.split(',').map((pair) => pair.split('=')[1] ?? '');
      return { EUR: eur, USD: usd };
    }),
  ),
  /**
   * Where live organizations' rates come from: `fixed` (EXCHANGE_RATES, as for sandbox organizations) or `ecb`
   * (the European Central Bank's daily reference rates, fetched on a schedule, plus each organization's spread).
   */
  REFERENCE_RATES_SOURCE: z._default(z.enum(['fixed', 'ecb']), 'fixed'),
  /** The ECB's daily reference rates file (`ecb` source). */
  ECB_RATES_URL: z._default(z.url(), 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /**
   * Hours after its reference day (16:00 CET) a rate is stale: withdrawals then wait as PROPOSED instead of
   * executing on it. 96 covers the longest ECB closure (Good Friday to Easter Monday).
   */
  REFERENCE_RATES_MAX_AGE_H: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(720)), 96),
  // Rate limits (shared/http/rate-limits.ts): requests per second, counted in the table across every instance.
  /** Requests per second one API key may make. */
  RATE_LIMIT_KEY_PER_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 50),
  /** Requests per second all the keys of one organization may make together. */
  RATE_LIMIT_ORGANIZATION_PER_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 100),
  // The bank payout rail (issue 17).
  /** Seconds between runs of the payout batcher (an EventBridge schedule in AWS, a timer under `npm start`). */
  PAYOUT_BATCH_INTERVAL_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(86_400)), 300),
  /** A payout still PROCESSING this many seconds after its file was written raises `PayoutsProcessingTooLong`. */
  PAYOUT_PROCESSING_ALARM_S: z._default(z.coerce.number().check(z.int(), z.gte(60)), 2 * 24 * 3600),
  /** AWS: the bank channel's bucket (prefixes `outbox/`, `inbox/`, `processed/`, `quarantine/`). */
  BANK_CHANNEL_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /** Locally: the folder that stands in for the bucket (`npm start` sets `DATA_DIR/bank`). */
  BANK_CHANNEL_DIR: z.optional(z.string().check(z.minLength(1))),
  // KYC documents (`POST /customers/{id}/documents`).
  /** AWS: the private, encrypted bucket of uploaded KYC documents. Locally: a bucket on fauxqs's S3 API. */
  KYC_DOCUMENTS_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /** Locally: the S3-compatible endpoint (fauxqs, path-style); unset in AWS. */
  S3_ENDPOINT: z.optional(z.url()),
  // Deposits (issue 5): the accounts of deposit details, JSON; unset, the sandbox placeholders.
  /** The platform's EUR receiving account and the shared USD reference account (FEDWIRE and SWIFT). */
  RECEIVING_BANKS: jsonVariable(ReceivingBanksSchema, {}),
  /** The issuer of dedicated USD virtual accounts. */
  VIRTUAL_ACCOUNT_ISSUER: jsonVariable(VirtualAccountIssuerSchema, PLATFORM_DEFAULTS.virtualAccounts),
  /**
   * Development chains the sandbox deposit route makes real token transfers on (the local runtime sets it to what
   * `local.json` lists); unset, sandbox deposits are reported without a chain.
   */
  SANDBOX_CHAINS: jsonVariable(z.array(SandboxChainSchema), []),
  // The organization console (shared/console/README.md).
  /** Where the console is served; its host is the passkeys' relying party id. `http:` only for localhost. */
  CONSOLE_ORIGIN: z._default(z.url(), 'http://localhost:3000').check(
    z.refine((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || url.hostname === 'localhost';
    }, 'must be https (http only for localhost)'),
  ),
  /** Seconds a console session lives without use, and at most. */
  SESSION_IDLE_S: z._default(z.coerce.number().check(z.int(), z.gte(60)), 30 * 60),
  SESSION_ABSOLUTE_S: z._default(z.coerce.number().check(z.int(), z.gte(60)), 12 * 3600),
  /** Seconds an invitation stays valid. */
  INVITE_TTL_S: z._default(z.coerce.number().check(z.int(), z.gte(60)), 7 * 24 * 3600),
  /** Set locally: mail is written there as files (and printed) instead of being sent with Amazon SES. */
  MAIL_DIR: z.optional(z.string().check(z.minLength(1))),
  MAIL_FROM: z._default(z.email(), DEFAULT_MAIL_FROM),
});

export type Config = Readonly<{
  tableName: string;
  region: string;
  dynamodbEndpoint: string | undefined;
  kycFlowBaseUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  serviceName: string;
  metricsNamespace: string | undefined;
  depositXpub: string | undefined;
  supportedChains: readonly Chain[];
  withdrawals: Readonly<{
    sandboxSettleAfterSeconds: number | null;
    expiryWindowSeconds: number;
    maxAmountUsdc: string;
    exchangeRates: Readonly<{ EUR: string; USD: string }>;
  }>;
  /** Where live organizations' rates come from (shared/withdrawals/README.md, "ECB reference rates"). */
  referenceRates: Readonly<{ source: 'fixed' | 'ecb'; url: string; maxAgeHours: number }>;
  rateLimits: Readonly<{ perKeyPerSecond: number; perOrganizationPerSecond: number }>;
  bank: Readonly<{
    batchIntervalSeconds: number;
    processingAlarmSeconds: number;
    bucket: string | undefined;
    dir: string | undefined;
  }>;
  /** Where uploaded KYC documents go: the bucket, and locally the S3-compatible endpoint (fauxqs). */
  documents: Readonly<{ bucket: string | undefined; endpoint: string | undefined }>;
  deposits: Readonly<{
    eurAccount: EurReceivingAccount;
    usdAccount: UsdReferenceAccount;
    virtualAccountIssuer: VirtualAccountIssuer;
    sandboxChains: readonly SandboxChain[];
  }>;
  console: Readonly<{
    origin: string;
    rpId: string;
    /** Cookies are `Secure` everywhere but on http://localhost. */
    secureCookies: boolean;
    sessionIdleSeconds: number;
    sessionAbsoluteSeconds: number;
    inviteTtlSeconds: number;
    mailDir: string | undefined;
    mailFrom: string;
  }>;
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
    depositXpub: e.DEPOSIT_XPUB,
    supportedChains: Object.freeze([...e.SUPPORTED_CHAINS]),
    withdrawals: Object.freeze({
      sandboxSettleAfterSeconds: e.SANDBOX_SETTLE_AFTER_S,
      expiryWindowSeconds: e.WITHDRAWAL_EXPIRY_S,
      maxAmountUsdc: e.WITHDRAWAL_MAX_USDC,
      exchangeRates: Object.freeze(e.EXCHANGE_RATES),
    }),
    referenceRates: Object.freeze({
      source: e.REFERENCE_RATES_SOURCE,
      url: e.ECB_RATES_URL,
      maxAgeHours: e.REFERENCE_RATES_MAX_AGE_H,
    }),
    rateLimits: Object.freeze({
      perKeyPerSecond: e.RATE_LIMIT_KEY_PER_S,
      perOrganizationPerSecond: e.RATE_LIMIT_ORGANIZATION_PER_S,
    }),
    bank: Object.freeze({
      batchIntervalSeconds: e.PAYOUT_BATCH_INTERVAL_S,
      processingAlarmSeconds: e.PAYOUT_PROCESSING_ALARM_S,
      bucket: e.BANK_CHANNEL_BUCKET,
      dir: e.BANK_CHANNEL_DIR,
    }),
    documents: Object.freeze({ bucket: e.KYC_DOCUMENTS_BUCKET, endpoint: e.S3_ENDPOINT }),
    deposits: Object.freeze({
      eurAccount: e.RECEIVING_BANKS.EUR,
      usdAccount: e.RECEIVING_BANKS.USD,
      virtualAccountIssuer: e.VIRTUAL_ACCOUNT_ISSUER,
      sandboxChains: Object.freeze(e.SANDBOX_CHAINS),
    }),
    console: Object.freeze({
      origin: new URL(e.CONSOLE_ORIGIN).origin,
      rpId: new URL(e.CONSOLE_ORIGIN).hostname,
      secureCookies: new URL(e.CONSOLE_ORIGIN).protocol === 'https:',
      sessionIdleSeconds: e.SESSION_IDLE_S,
      sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_S,
      inviteTtlSeconds: e.INVITE_TTL_S,
      mailDir: e.MAIL_DIR,
      mailFrom: e.MAIL_FROM,
    }),
  });
}

let cached: Config | undefined;

/** The process-wide configuration, read on first use (at cold start, when a handler module loads). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The default of `WEBHOOK_ATTEMPT_LEASE_S`. */
export const ATTEMPT_LEASE_DEFAULT_S = 60;

/**
 * The event functions' configuration (stream relay, webhook sender), read and validated on their first use
 * like `config()`. Kept apart so the API functions need none of it.
 */
const EventsEnvSchema = z.object({
  EVENT_BUS_NAME: z._default(z.string().check(z.minLength(1)), 'payouts-events'),
  /** Set locally (the in-process bus); unset in AWS. */
  EVENTBRIDGE_ENDPOINT: z.optional(z.url()),
  /** The webhook queue; the sender puts retries and fan-out deliveries on it. */
  WEBHOOK_QUEUE_URL: z.optional(z.url()),
  /** Set locally (fauxqs); unset in AWS. */
  SQS_ENDPOINT: z.optional(z.url()),
  /** Seconds before the 2nd, 3rd, ... delivery attempt, comma-separated. */
  WEBHOOK_RETRY_SCHEDULE: z.pipe(
    z._default(z.string(), DEFAULT_RETRY_SCHEDULE),
    z.transform((text, ctx) => {
      try {
        return parseRetrySchedule(text);
      } catch (error) {
        ctx.issues.push({
          code: 'custom',
          message: error instanceof Error ? error.message : String(error),
          input: text,
        });
        return z.NEVER;
      }
    }),
  ),
  /**
   * Sandbox organizations may send webhooks to loopback (local development). In AWS the sender sets `deny`:
   * a Lambda's loopback is its own runtime API, never a customer's receiver.
   */
  WEBHOOK_SANDBOX_LOOPBACK: z._default(z.enum(['allow', 'deny']), 'allow'),
  /**
   * Seconds a claimed delivery attempt owns its delivery; a sender that dies mid-attempt is retried after it. It
   * must outlast one attempt (the HTTP timeout is 15 s), so at least 20; tests of crash recovery shorten it.
   */
  WEBHOOK_ATTEMPT_LEASE_S: z._default(z.coerce.number().check(z.int(), z.gte(20), z.lte(900)), ATTEMPT_LEASE_DEFAULT_S),
  /**
   * Test hook for the local runtime: `host=address,...` answers these names without DNS. The answers still
   * pass the address guard, so this can only make a name resolve to an address that is then checked.
   */
  WEBHOOK_DNS_OVERRIDES: z.optional(
    z
      .string()
      .check(
        z.regex(/^([A-Za-z0-9.-]+=[0-9A-Fa-f.:]+)(,[A-Za-z0-9.-]+=[0-9A-Fa-f.:]+)*$/, 'Expected host=address,...'),
      ),
  ),
});

export type EventsConfig = Readonly<{
  eventBusName: string;
  eventBridgeEndpoint: string | undefined;
  webhookQueueUrl: string | undefined;
  sqsEndpoint: string | undefined;
  retrySchedule: readonly number[];
  sandboxLoopback: boolean;
  attemptLeaseMs: number;
  dnsOverrides: ReadonlyMap<string, string>;
}>;

export function parseEventsConfig(env: Record<string, string | undefined>): EventsConfig {
  const result = EventsEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  const overrides = (e.WEBHOOK_DNS_OVERRIDES ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]);
  return Object.freeze({
    eventBusName: e.EVENT_BUS_NAME,
    eventBridgeEndpoint: e.EVENTBRIDGE_ENDPOINT,
    webhookQueueUrl: e.WEBHOOK_QUEUE_URL,
    sqsEndpoint: e.SQS_ENDPOINT,
    retrySchedule: Object.freeze(e.WEBHOOK_RETRY_SCHEDULE),
    sandboxLoopback: e.WEBHOOK_SANDBOX_LOOPBACK === 'allow',
    attemptLeaseMs: e.WEBHOOK_ATTEMPT_LEASE_S * 1000,
    dnsOverrides: new Map(overrides.map(([host, address]) => [host.toLowerCase(), address])),
  });
}

let cachedEvents: EventsConfig | undefined;

export function eventsConfig(): EventsConfig {
  cachedEvents ??= parseEventsConfig(process.env);
  return cachedEvents;
}

/**
 * A chain watcher's configuration (one function per chain), read and validated on first use like `config()`. The
 * RPC URL is a secret (it carries the provider's key): in AWS the function gets the name of an SSM SecureString
 * parameter and reads it at cold start; locally the URL itself.
 */
const ChainWatchEnvSchema = z
  .object({
    WATCH_CHAIN: ChainSchema,
    WATCH_USDC_ADDRESS: HexAddress,
    WATCH_USDC_DECIMALS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(36)), 6),
    /** Blocks a transfer must be under before it is credited: the watcher reads up to head minus this. */
    WATCH_CONFIRMATIONS: z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)),
    /** Where a chain without a cursor starts reading (the block the deployment went live, say). */
    WATCH_START_BLOCK: z._default(z.coerce.bigint().check(z.gte(0n)), 0n),
    /** Blocks one run reads at most (the next run carries on), and blocks per `eth_getLogs` request. */
    WATCH_BLOCKS_PER_RUN: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 5_000),
    WATCH_BLOCKS_PER_REQUEST: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 500),
    WATCH_RPC_URL: z.optional(z.url()),
    WATCH_RPC_URL_PARAMETER: z.optional(z.string().check(z.minLength(1))),
  })
  .check(
    z.refine((env) => (env.WATCH_RPC_URL === undefined) !== (env.WATCH_RPC_URL_PARAMETER === undefined), {
      error: 'set exactly one of WATCH_RPC_URL and WATCH_RPC_URL_PARAMETER',
      path: ['WATCH_RPC_URL'],
    }),
  );

export type ChainWatchConfig = Readonly<{
  chain: Chain;
  usdcAddress: string;
  usdcDecimals: number;
  confirmations: number;
  startBlock: bigint;
  blocksPerRun: number;
  blocksPerRequest: number;
  rpc: Readonly<{ url: string } | { parameterName: string }>;
}>;

export function parseChainWatchConfig(env: Record<string, string | undefined>): ChainWatchConfig {
  const result = ChainWatchEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  return Object.freeze({
    chain: e.WATCH_CHAIN,
    usdcAddress: e.WATCH_USDC_ADDRESS,
    usdcDecimals: e.WATCH_USDC_DECIMALS,
    confirmations: e.WATCH_CONFIRMATIONS,
    startBlock: e.WATCH_START_BLOCK,
    blocksPerRun: e.WATCH_BLOCKS_PER_RUN,
    blocksPerRequest: e.WATCH_BLOCKS_PER_REQUEST,
    rpc: Object.freeze(e.WATCH_RPC_URL ? { url: e.WATCH_RPC_URL } : { parameterName: e.WATCH_RPC_URL_PARAMETER ?? '' }),
  });
}
