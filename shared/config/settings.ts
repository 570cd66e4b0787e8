import { extendedPublicKeyProblem } from '#shared/config/extended-public-key.ts';
import {
  jsonVariable,
  PLATFORM_DEFAULTS,
  ReceivingBanksSchema,
  VirtualAccountIssuerSchema,
} from '#shared/config/receiving-banks.ts';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '#shared/config/retry-schedule.ts';
import { ChainSchema, DEFAULT_SUPPORTED_CHAINS, SupportedChainsSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Every setting of the service, by environment variable, in one schema per group. The functions parse their
 * environment with these at cold start (`env.ts`), the CDK app checks what it passes on with them
 * (`infra/aws/config.ts`), and `npm start` takes its own variables' rules from them (`infra/local/main.ts`).
 */

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

/** Where the function runs and reports: the table, the region, logs and metrics. */
export const RuntimeSettings = z.object({
  TABLE_NAME: z._default(z.string().check(z.minLength(3)), 'payouts'),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'eu-central-1'),
  /** Set locally and in tests (DynamoDB Local); unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  /**
   * How long one API request may wait for the database in all (ms); unset: 4.5 s against DynamoDB Local (a hung
   * database answered under 5 s), 8 s in AWS (`requestBudgetMs`, shared/db/client.ts).
   */
  DATABASE_BUDGET_MS: z.optional(z.coerce.number().check(z.int(), z.gte(500), z.lte(60_000))),
  KYC_FLOW_BASE_URL: z._default(z.url(), 'https://kyc.sandbox.payouts.dev/flow'),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** The `service` of every log line and metric; the CDK stack sets `payouts-<stage>`. */
  SERVICE_NAME: z._default(z.string().check(z.minLength(1)), 'payouts'),
  /** CloudWatch namespace for the EMF metrics; unset (locally, in tests) no metrics are written. */
  METRICS_NAMESPACE: z.optional(z.string().check(z.minLength(1))),
});

/** Deposit wallets and deposit details. */
export const DepositSettings = z.object({
  /**
   * The extended public key bank deposit addresses are derived from. Optional so functions that never derive
   * start without it (creating a bank then fails loudly); a malformed or private key fails every cold start.
   */
  DEPOSIT_XPUB: z.optional(DepositXpubSchema),
  SUPPORTED_CHAINS: z.prefault(SupportedChainsSchema, DEFAULT_SUPPORTED_CHAINS.join(',')),
  /** The platform's EUR receiving account and the shared USD reference account (FEDWIRE and SWIFT), JSON. */
  RECEIVING_BANKS: jsonVariable(ReceivingBanksSchema, {}),
  /** The issuer of dedicated USD virtual accounts, JSON. */
  VIRTUAL_ACCOUNT_ISSUER: jsonVariable(VirtualAccountIssuerSchema, PLATFORM_DEFAULTS.virtualAccounts),
  /**
   * Development chains the sandbox deposit route makes real token transfers on (the local runtime sets it to what
   * `local.json` lists); unset, sandbox deposits are reported without a chain.
   */
  SANDBOX_CHAINS: jsonVariable(z.array(SandboxChainSchema), []),
  /**
   * Custody: per chain, the deposit forwarder factory and the implementation it clones
   * (`shared/custody/README.md`). On a chain listed here, a new bank deposit wallet of an organization with a
   * treasury on that chain is a forwarder address; elsewhere it is derived from DEPOSIT_XPUB.
   */
  DEPOSIT_FORWARDERS: jsonVariable(
    z.partialRecord(ChainSchema, z.object({ factory: HexAddress, implementation: HexAddress })),
    {},
  ),
});

export const WithdrawalSettings = z.object({
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
});

/** Where live organizations' rates come from (shared/quotes/README.md, "ECB reference rates"). */
export const ReferenceRateSettings = z.object({
  /**
   * `fixed` (EXCHANGE_RATES, as for sandbox organizations) or `ecb` (the European Central Bank's daily reference
   * rates, fetched on a schedule, plus each organization's spread).
   */
  REFERENCE_RATES_SOURCE: z._default(z.enum(['fixed', 'ecb']), 'fixed'),
  /** The ECB's daily reference rates file (`ecb` source). */
  ECB_RATES_URL: z._default(z.url(), 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /**
   * Hours after its reference day (16:00 CET) a rate is stale: withdrawals then wait as PROPOSED instead of
   * executing on it. 96 covers the longest ECB closure (Good Friday to Easter Monday).
   */
  REFERENCE_RATES_MAX_AGE_H: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(720)), 96),
});

/** Rate limits (shared/http/rate-limits.ts): requests per second, counted in the table across every instance. */
export const RateLimitSettings = z.object({
  /** Requests per second one API key may make. */
  RATE_LIMIT_KEY_PER_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 50),
  /** Requests per second all the keys of one organization may make together. */
  RATE_LIMIT_ORGANIZATION_PER_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 100),
});

/** The bank payout rail. */
export const BankChannelSettings = z.object({
  /** Seconds between runs of the payout batcher (an EventBridge schedule in AWS, a timer under `npm start`). */
  PAYOUT_BATCH_INTERVAL_S: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(86_400)), 300),
  /** A payout still PROCESSING this many seconds after its file was written raises `PayoutsProcessingTooLong`. */
  PAYOUT_PROCESSING_ALARM_S: z._default(z.coerce.number().check(z.int(), z.gte(60)), 2 * 24 * 3600),
  /** AWS: the bank channel's bucket (prefixes `outbox/`, `inbox/`, `processed/`, `quarantine/`). */
  BANK_CHANNEL_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /** Locally: the folder that stands in for the bucket (`npm start` sets `DATA_DIR/bank`). */
  BANK_CHANNEL_DIR: z.optional(z.string().check(z.minLength(1))),
  /** The largest payout, in EUR, that leaves by SEPA Instant when asked; a larger one falls back to SEPA. */
  SEPA_INSTANT_LIMIT_EUR: z._default(
    z.string().check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be a decimal amount' })),
    '100000',
  ),
  /** A bank report larger than this (bytes) is quarantined unread; bank reports are kilobytes, rarely megabytes. */
  BANK_REPORT_MAX_BYTES: z._default(
    z.coerce.number().check(z.int(), z.gte(1024), z.lte(100 * 1024 * 1024)),
    10 * 1024 * 1024,
  ),
  /**
   * Where reports are parsed: `inline` (AWS: one report per invocation, blocking nothing else) or `worker` (a worker
   * thread: `npm start` serves the API from the same process, which must not wait for a large report).
   */
  BANK_REPORT_PARSER: z._default(z.enum(['inline', 'worker']), 'inline'),
});

/** KYC documents (`POST /customers/{id}/documents`). */
export const DocumentSettings = z.object({
  /** AWS: the private, encrypted bucket of uploaded KYC documents. Locally: a bucket on fauxqs's S3 API. */
  KYC_DOCUMENTS_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /** Locally: the S3-compatible endpoint (fauxqs, path-style); unset in AWS. */
  S3_ENDPOINT: z.optional(z.url()),
});

/** The organization console (shared/console/README.md). */
export const ConsoleSettings = z.object({
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

/**
 * What a NOT_POSSIBLE payee check does to a new bank: `confirm` holds it until a member confirms it in the console,
 * `proceed` treats it as MATCH. The deployment's default, and an organization's own choice (`org update`).
 */
export const WhenNotPossibleSchema = z.enum(['confirm', 'proceed']);

/** Verification of Payee (shared/rails/payee-verification/README.md). */
export const PayeeVerificationSettings = z.object({
  /** The organization's bank's VoP service; unset, the sandbox stand-in answers for every organization. */
  PAYEE_VERIFICATION_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /** `WhenNotPossibleSchema` for organizations that have not chosen their own. */
  PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE: z._default(WhenNotPossibleSchema, 'confirm'),
  /**
   * ACH prenotes: banking days after the entry's effective date within which a receiving bank returns a bad
   * account (NACHA: 3); a prenote with no return by then is CONFIRMED.
   */
  ACH_PRENOTE_WAIT_DAYS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10)), 3),
});

/** What every function of the service reads (`config()`). */
export const ServiceSettings = z.object({
  ...RuntimeSettings.shape,
  ...DepositSettings.shape,
  ...WithdrawalSettings.shape,
  ...ReferenceRateSettings.shape,
  ...RateLimitSettings.shape,
  ...BankChannelSettings.shape,
  ...DocumentSettings.shape,
  ...ConsoleSettings.shape,
  ...PayeeVerificationSettings.shape,
});
/** A variable of the service's settings. */
export type ServiceVariable = keyof typeof ServiceSettings.shape;

/** The default of `WEBHOOK_ATTEMPT_LEASE_S`. */
export const ATTEMPT_LEASE_DEFAULT_S = 60;

/** The event functions' settings (stream relay, webhook sender); the API functions need none of them. */
export const EventSettings = z.object({
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

/**
 * A chain watcher's settings (one function per chain). The RPC URL is a secret (it carries the provider's key): in
 * AWS the function gets the name of an SSM SecureString parameter and reads it at cold start; locally the URL itself.
 */
export const ChainWatchSettings = z
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

/** A USDC amount a forwarder must hold before it is swept. */
export const UsdcThresholdSchema = z
  .string()
  .check(z.regex(/^\d{1,12}(\.\d{1,6})?$/, { error: 'must be a USDC amount such as 100 or 0.5' }));

/**
 * A chain's sweeper (custody; one function per chain). The relayer's key is a KMS key (only its id here);
 * the RPC URL is read as the watcher's (an SSM SecureString parameter in AWS, the URL itself locally).
 */
export const ChainSweepSettings = z
  .object({
    SWEEP_CHAIN: ChainSchema,
    SWEEP_USDC_ADDRESS: HexAddress,
    /** A forwarder holding less USDC than this (a decimal string) waits for more: gas is paid per address. */
    SWEEP_THRESHOLD_USDC: z._default(UsdcThresholdSchema, '100'),
    /** Forwarders per sweep transaction (each adds a deploy and a transfer, and table items to its record). */
    SWEEP_BATCH_SIZE: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(40)), 20),
    SWEEP_KMS_KEY_ID: z.string().check(z.minLength(1)),
    /** Locally: the KMS stand-in's endpoint; unset in AWS. */
    KMS_ENDPOINT: z.optional(z.url()),
    SWEEP_RPC_URL: z.optional(z.url()),
    SWEEP_RPC_URL_PARAMETER: z.optional(z.string().check(z.minLength(1))),
  })
  .check(
    z.refine((env) => (env.SWEEP_RPC_URL === undefined) !== (env.SWEEP_RPC_URL_PARAMETER === undefined), {
      error: 'set exactly one of SWEEP_RPC_URL and SWEEP_RPC_URL_PARAMETER',
      path: ['SWEEP_RPC_URL'],
    }),
  );

/** Thrown at cold start on a missing or malformed setting, naming the variable. */
export class ConfigError extends Error {}

/** `schema`'s reading of `env`, or `error` listing every problem as `VARIABLE: reason`. */
export function parseSettings<S extends z.ZodMiniType>(
  schema: S,
  env: Record<string, string | undefined>,
  error: new (message: string) => Error = ConfigError,
): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}
