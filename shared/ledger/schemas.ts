import * as z from '#shared/validation/zod.ts';

export const BalanceSchema = z.object({
  customerId: z.string(),
  currency: z.literal('usdc'),
  balance: z.string(),
  availableBalance: z.string(),
  lockedBalance: z.string(),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const AllowanceSchema = z.object({
  enabled: z.boolean(),
  allowance: z.object({
    limit: z.string(),
    spent: z.string(),
    available: z.string(),
    resetPeriodMinutes: z.number().check(z.int()),
    nextResetAt: z.nullable(z.string()),
  }),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

/** Zero is a valid limit: every API withdrawal then needs signatures. */
const NonNegativeUsdcSchema = z
  .string({ error: 'Must be a decimal string' })
  .check(
    z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/, { error: 'Must be a decimal string with at most 6 decimal places' }),
  );

export const MAX_RESET_PERIOD_MINUTES = 366 * 24 * 60;

export const SandboxAllowanceBody = z.strictObject({
  limit: NonNegativeUsdcSchema,
  resetPeriodMinutes: z
    .number({ error: 'Must be a whole number of minutes' })
    .check(z.int(), z.gte(0), z.lte(MAX_RESET_PERIOD_MINUTES)),
});
