import { MicroSchema } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's ledger as stored (`organization-ledger-repository.ts`): its developer fees not yet claimed, its
 * own USDC balance and its claims.
 */

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
