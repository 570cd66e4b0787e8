import { AuditActorSchema } from '#shared/console/common/records.ts';
import * as z from '#shared/validation/zod.ts';

/** What the bank said outside the channel (on paper, by phone): the payout was booked, or it failed. */
export const SettlementOutcomeSchema = z.enum(['COMPLETED', 'FAILED']);
export type SettlementOutcome = z.infer<typeof SettlementOutcomeSchema>;

/**
 * A payout settled by hand: PROPOSED by one person with the reason (the bank's letter, a call), then APPROVED (the
 * payout moves as a bank report would move it) or REJECTED by another. A rejected one may be proposed again.
 */
export const PayoutSettlementSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  transactionId: z.string(),
  reference: z.string(),
  outcome: SettlementOutcomeSchema,
  reason: z.string(),
  /** COMPLETED: when the bank booked it, as it said (default: when approved). */
  completedAt: z.nullable(z.string()),
  status: z.enum(['PROPOSED', 'APPROVED', 'REJECTED']),
  proposedBy: AuditActorSchema,
  proposedAt: z.string(),
  decidedBy: z.nullable(AuditActorSchema),
  decidedAt: z.nullable(z.string()),
  /** REJECTED: why. */
  rejectionReason: z.nullable(z.string()),
});
export type PayoutSettlement = z.infer<typeof PayoutSettlementSchema>;
