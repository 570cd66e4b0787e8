import { MicroSchema } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the developer fees area: what the table holds, parsed on every read (`repository.ts`). */

/** An organization's developer fees not yet claimed (`DEVELOPERFEES`), in micro-USDC; absent: nothing accrued. */
export const DeveloperFeesItemSchema = z.object({ unclaimed: MicroSchema });
export type DeveloperFeesState = z.infer<typeof DeveloperFeesItemSchema>;

/** The organization's own custodial USDC (`BALANCE#USDC`): what its claims moved there; nothing locks it yet. */
export const OrganizationBalanceItemSchema = z.object({ available: MicroSchema, locked: MicroSchema });
export type OrganizationBalanceState = z.infer<typeof OrganizationBalanceItemSchema>;

/** One claim: the fees it moved, settled in the same transaction (so never pending). */
export const DeveloperFeeClaimRecordSchema = z.object({
  claimId: z.string(),
  organizationId: z.string(),
  amount: z.string(),
  currency: z.literal('usdc'),
  status: z.literal('COMPLETED'),
  createdAt: z.string(),
});
export type DeveloperFeeClaimRecord = z.infer<typeof DeveloperFeeClaimRecordSchema>;

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
