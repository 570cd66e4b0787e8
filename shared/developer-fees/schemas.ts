import { refusal } from '#shared/errors.ts';
import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of Compose's developer fees and balances operations. */

export const MAX_DEVELOPER_SPREAD_FEE_BPS = 2500;

export const NOTHING_TO_CLAIM = refusal(400, 'No developer fees available to claim');
export const CLAIMED = 'Developer fees claimed to your organization balance';

const DeveloperSpreadFeeBps = z
  .number()
  .check(
    z.int({ error: 'Must be a whole number of basis points' }),
    z.gte(0, { error: 'Must be at least 0' }),
    z.lte(MAX_DEVELOPER_SPREAD_FEE_BPS, { error: `Must be at most ${MAX_DEVELOPER_SPREAD_FEE_BPS}` }),
  );

export const UpdateCustomerDeveloperFeesBody = z.strictObject({ developerSpreadFeeBps: DeveloperSpreadFeeBps });

export const CustomerDeveloperFeesSchema = z.object({
  customerId: z.string(),
  developerSpreadFeeBps: z.number().check(z.int()),
  updatedAt: z.string(),
});
export type CustomerDeveloperFees = z.infer<typeof CustomerDeveloperFeesSchema>;

export const OrganizationDeveloperFeesSchema = z.object({
  balance: z.string(),
  pendingClaims: z.string(),
  availableBalance: z.string(),
  currencyId: z.literal('usdc_base'),
  currency: z.literal('usdc'),
});
export type OrganizationDeveloperFees = z.infer<typeof OrganizationDeveloperFeesSchema>;

export const ClaimDeveloperFeesBody = z.strictObject({
  amount: z.optional(
    z.string().check(
      z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/, {
        error: 'Must be a decimal string with at most 6 decimal places',
      }),
    ),
  ),
});

export const DeveloperFeeClaimSchema = z.object({
  success: z.literal(true),
  transactionId: z.string(),
  amount: z.string(),
  message: z.string(),
});
export type DeveloperFeeClaim = z.infer<typeof DeveloperFeeClaimSchema>;

const BalanceEntry = z.object({
  currency: z.literal('usdc'),
  balance: z.string(),
  availableBalance: z.string(),
  lockedBalance: z.string(),
});

export const BalancesSchema = z.object({
  custodial: z.object({
    balances: z.array(BalanceEntry),
  }),
  nonCustodial: z.object({
    address: z.nullable(z.string()),
    balances: z.array(
      z.object({
        currency: z.string(),
        chain: z.string(),
        balance: z.string(),
        availableBalance: z.string(),
        lockedBalance: z.string(),
        tokenAddress: z.string(),
      }),
    ),
  }),
});
export type Balances = z.infer<typeof BalancesSchema>;
