import { z } from 'zod';
import {
  type EurReceivingAccount,
  EurReceivingAccountSchema,
  jsonAccount,
  PLATFORM_DEFAULTS,
  type UsdReferenceAccount,
  UsdReferenceAccountSchema,
  type VirtualAccountIssuer,
  VirtualAccountIssuerSchema,
} from '#shared/deposits/receiving-accounts.ts';
import { type Chain, DEFAULT_SUPPORTED_CHAINS, SupportedChainsSchema } from '#shared/wallets/chains.ts';
import { InvalidDepositKeyError, parseDepositXpub } from '#shared/wallets/derivation.ts';

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
  /**
   * The extended public key bank deposit addresses are derived from. Optional so functions that never derive
   * start without it (creating a bank then fails loudly); a malformed or private key fails every cold start.
   */
  DEPOSIT_XPUB: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      try {
        parseDepositXpub(value);
      } catch (error) {
        if (!(error instanceof InvalidDepositKeyError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
      }
    })
    .optional(),
  SUPPORTED_CHAINS: SupportedChainsSchema.prefault(DEFAULT_SUPPORTED_CHAINS.join(',')),
  // Deposits (issue 5): the accounts of deposit details, JSON objects; unset, the sandbox placeholders.
  /** The platform's EUR receiving account, for organizations that configured none of their own. */
  DEPOSIT_EUR_ACCOUNT: jsonAccount(EurReceivingAccountSchema, PLATFORM_DEFAULTS.eur),
  /** The shared USD reference account (FEDWIRE and SWIFT). */
  DEPOSIT_USD_ACCOUNT: jsonAccount(UsdReferenceAccountSchema, PLATFORM_DEFAULTS.usd),
  /** The issuer of dedicated USD virtual accounts. */
  VIRTUAL_ACCOUNT_ISSUER: jsonAccount(VirtualAccountIssuerSchema, PLATFORM_DEFAULTS.virtualAccounts),
});

export type Config = Readonly<{
  tableName: string;
  region: string;
  dynamodbEndpoint: string | undefined;
  kycFlowBaseUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  depositXpub: string | undefined;
  supportedChains: readonly Chain[];
  deposits: Readonly<{
    eurAccount: EurReceivingAccount;
    usdAccount: UsdReferenceAccount;
    virtualAccountIssuer: VirtualAccountIssuer;
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
    depositXpub: e.DEPOSIT_XPUB,
    supportedChains: Object.freeze([...e.SUPPORTED_CHAINS]),
    deposits: Object.freeze({
      eurAccount: e.DEPOSIT_EUR_ACCOUNT,
      usdAccount: e.DEPOSIT_USD_ACCOUNT,
      virtualAccountIssuer: e.VIRTUAL_ACCOUNT_ISSUER,
    }),
  });
}

let cached: Config | undefined;

/** The process-wide configuration, read on first use (at cold start, when a handler module loads). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
