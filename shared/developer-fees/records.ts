import * as z from '#shared/validation/zod.ts';

/**
 * Compose's `developerFee` of a transaction: the organization's own fee on it (the customer's
 * `developerSpreadFeeBps` when it was made) and its amount in USDC. Null when the customer had none.
 */
export const DeveloperFeeSchema = z
  .object({
    developerSpreadFeeBps: z
      .number()
      .check(
        z.int(),
        z.meta({ description: "The customer's developer fee rate when the transaction was made, in basis points" }),
      ),
    amount: z.string().check(
      z.meta({
        description:
          'USDC the organization earns: a withdrawal pays it out of its source amount (accrued when the payout ' +
          'completes); a deposit keeps it from the credited amount, which is `targetAmount - amount`',
      }),
    ),
  })
  .check(z.meta({ id: 'DeveloperFee' }));
export type DeveloperFee = z.infer<typeof DeveloperFeeSchema>;
