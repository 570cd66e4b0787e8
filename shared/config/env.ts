import {
  ChainSweepSettings,
  ChainWatchSettings,
  EventSettings,
  parseSettings,
  ServiceSettings,
} from '#shared/config/settings.ts';

export {
  ATTEMPT_LEASE_DEFAULT_S,
  ConfigError,
  DEFAULT_MAIL_FROM,
  DepositXpubSchema,
  type SandboxChain,
  SandboxChainSchema,
} from '#shared/config/settings.ts';

/**
 * Configuration is read from the environment once, validated, and frozen. A missing or malformed value
 * fails the cold start with a message that names the variable, instead of failing a request later.
 */
export function parseConfig(env: Record<string, string | undefined>) {
  const e = parseSettings(ServiceSettings, env);
  const consoleOrigin = new URL(e.CONSOLE_ORIGIN);
  return Object.freeze({
    tableName: e.TABLE_NAME,
    region: e.AWS_REGION,
    dynamodbEndpoint: e.DYNAMODB_ENDPOINT,
    databaseBudgetMs: e.DATABASE_BUDGET_MS,
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
      instantLimitEur: e.SEPA_INSTANT_LIMIT_EUR,
      bucket: e.BANK_CHANNEL_BUCKET,
      dir: e.BANK_CHANNEL_DIR,
      maxReportBytes: e.BANK_REPORT_MAX_BYTES,
      reportParser: e.BANK_REPORT_PARSER,
    }),
    /** Where uploaded KYC documents go: the bucket, and locally the S3-compatible endpoint (fauxqs). */
    documents: Object.freeze({ bucket: e.KYC_DOCUMENTS_BUCKET, endpoint: e.S3_ENDPOINT }),
    deposits: Object.freeze({
      eurAccount: e.RECEIVING_BANKS.EUR,
      usdAccount: e.RECEIVING_BANKS.USD,
      virtualAccountIssuer: e.VIRTUAL_ACCOUNT_ISSUER,
      sandboxChains: Object.freeze(e.SANDBOX_CHAINS),
      /** Custody: per chain, the deposit forwarder factory (absent: addresses are derived from the xpub). */
      forwarders: Object.freeze(e.DEPOSIT_FORWARDERS),
    }),
    console: Object.freeze({
      origin: consoleOrigin.origin,
      rpId: consoleOrigin.hostname,
      /** Cookies are `Secure` everywhere but on http://localhost. */
      secureCookies: consoleOrigin.protocol === 'https:',
      sessionIdleSeconds: e.SESSION_IDLE_S,
      sessionAbsoluteSeconds: e.SESSION_ABSOLUTE_S,
      inviteTtlSeconds: e.INVITE_TTL_S,
      mailDir: e.MAIL_DIR,
      mailFrom: e.MAIL_FROM,
    }),
    payeeVerification: Object.freeze({
      url: e.PAYEE_VERIFICATION_URL,
      whenNotPossible: e.PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE,
      prenoteWaitDays: e.ACH_PRENOTE_WAIT_DAYS,
    }),
  });
}
export type Config = ReturnType<typeof parseConfig>;

let cached: Config | undefined;

/** The process-wide configuration, read on first use (at cold start, when a handler module loads). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * The event functions' configuration (stream relay, webhook sender), read and validated on their first use
 * like `config()`.
 */
export function parseEventsConfig(env: Record<string, string | undefined>) {
  const e = parseSettings(EventSettings, env);
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
    dnsOverrides: new Map(overrides.map(([host, address]) => [host.toLowerCase(), address])) as ReadonlyMap<
      string,
      string
    >,
  });
}
export type EventsConfig = ReturnType<typeof parseEventsConfig>;

let cachedEvents: EventsConfig | undefined;

export function eventsConfig(): EventsConfig {
  cachedEvents ??= parseEventsConfig(process.env);
  return cachedEvents;
}

/** A chain watcher's configuration (one function per chain), read and validated on first use like `config()`. */
export function parseChainWatchConfig(env: Record<string, string | undefined>) {
  const e = parseSettings(ChainWatchSettings, env);
  const rpc: { url: string } | { parameterName: string } = e.WATCH_RPC_URL
    ? { url: e.WATCH_RPC_URL }
    : { parameterName: e.WATCH_RPC_URL_PARAMETER ?? '' };
  return Object.freeze({
    chain: e.WATCH_CHAIN,
    usdcAddress: e.WATCH_USDC_ADDRESS,
    usdcDecimals: e.WATCH_USDC_DECIMALS,
    confirmations: e.WATCH_CONFIRMATIONS,
    startBlock: e.WATCH_START_BLOCK,
    blocksPerRun: e.WATCH_BLOCKS_PER_RUN,
    blocksPerRequest: e.WATCH_BLOCKS_PER_REQUEST,
    rpc: Object.freeze(rpc),
  });
}
export type ChainWatchConfig = ReturnType<typeof parseChainWatchConfig>;

/** A chain sweeper's settings (custody), read by its function at cold start. */
export function parseChainSweepConfig(env: Record<string, string | undefined>) {
  const e = parseSettings(ChainSweepSettings, env);
  const rpc: { url: string } | { parameterName: string } = e.SWEEP_RPC_URL
    ? { url: e.SWEEP_RPC_URL }
    : { parameterName: e.SWEEP_RPC_URL_PARAMETER ?? '' };
  return Object.freeze({
    chain: e.SWEEP_CHAIN,
    usdcAddress: e.SWEEP_USDC_ADDRESS,
    thresholdUsdc: e.SWEEP_THRESHOLD_USDC,
    batchSize: e.SWEEP_BATCH_SIZE,
    kmsKeyId: e.SWEEP_KMS_KEY_ID,
    kmsEndpoint: e.KMS_ENDPOINT,
    rpc: Object.freeze(rpc),
  });
}
export type ChainSweepConfig = ReturnType<typeof parseChainSweepConfig>;
