import { EurReceivingAccountRecordSchema } from '#shared/config/receiving-banks.ts';
import { ChainSchema } from '#shared/money/chains.ts';
import { KycProviderNameSchema } from '#shared/organizations/kyc-providers.ts';
import { EurAccountSchema, UsdAccountSchema } from '#shared/rails/bank/payment-file.ts';
import { WhenNotPossibleSchema } from '#shared/rails/payee-verification/settings.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the organizations area: what the table holds, parsed on every read (see `repository.ts`). */
export const ApiKeyRecordSchema = z.object({
  apiKeyId: z.string(),
  organizationId: z.string(),
  keyHash: z.string(),
  hint: z.string(),
  status: z.enum(['ACTIVE', 'REVOKED']),
  createdAt: z.string(),
  revokedAt: z.nullable(z.string()),
  /** Who created it: a console member's e-mail; absent for keys the operator or `npm start` made. */
  createdBy: z.optional(z.string()),
  /**
   * When the key last authenticated a request, to the minute: kept on the key item authentication reads anyway,
   * and moved on at most once a minute (shared/http/key-use.ts). Absent until first used.
   */
  lastUsedAt: z.optional(z.string()),
});

export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;

/** 10%: a margin beyond it is a typo, not a price. */
export const MAX_FX_SPREAD_BPS = 1000;

export const EnvironmentSchema = z.enum(['sandbox', 'live']);

export type Environment = z.infer<typeof EnvironmentSchema>;

/** An organization as stored; parsed on every read so a malformed item fails loudly, not deep in a use case. */
export const OrganizationSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  environment: EnvironmentSchema,
  features: z.object({ customers: z.boolean(), apiWithdrawals: z.boolean() }),
  requiredApprovals: z.number().check(z.int(), z.gte(1)),
  allowance: z.object({ limit: z.string(), resetPeriodMinutes: z.number().check(z.int(), z.gte(0)) }),
  fees: z.object({
    feeBps: z.number().check(z.int(), z.gte(0)),
    minFee: z.string(),
    /**
     * Live organizations on reference rates (`REFERENCE_RATES_SOURCE=ecb`): basis points taken off the reference
     * rate of a currency conversion (EUR), the organization's FX margin. Records from before it: 0.
     */
    fxSpreadBps: z._default(z.number().check(z.int(), z.gte(0), z.lte(MAX_FX_SPREAD_BPS)), 0),
  }),
  /** Deposit details: the organization's own EUR receiving account; absent or null, the platform's. */
  receivingBanks: z.optional(z.object({ EUR: z.nullable(EurReceivingAccountRecordSchema) })),
  /**
   * The accounts payouts are debited from (the debtor of every payment file), per currency. Sandbox
   * organizations without one use the simulator's placeholder; a live organization without one is not batched
   * (its payouts stay PROCESSING and the stuck-payout alarm fires).
   */
  payoutAccounts: z.optional(z.object({ EUR: z.optional(EurAccountSchema), USD: z.optional(UsdAccountSchema) })),
  /**
   * Custody: per chain, the address the organization's deposit forwarders pay out to, set by the
   * operator (`org update --treasury <chain>=<address>`). Its key is the organization's; the service never holds it.
   */
  treasuries: z.optional(z.partialRecord(ChainSchema, z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)))),
  /**
   * Verification of Payee: what a NOT_POSSIBLE answer does to this organization's new banks; absent or
   * null, the deployment's `PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE`.
   */
  payeeWhenNotPossible: z.optional(z.nullable(WhenNotPossibleSchema)),
  /**
   * The KYC provider that verifies this organization's customers (live organizations; sandbox ones keep their
   * sandbox routes). Absent or null: none, the organization's own reviewers decide.
   */
  kycProvider: z.optional(z.nullable(KycProviderNameSchema)),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Organization = z.infer<typeof OrganizationSchema>;
