import { AuditActorSchema } from '#shared/console/common/records.ts';
import { SettlementOutcomeSchema } from '#shared/payout-operations/records.ts';
import { BankReportOutcomeSchema } from '#shared/payouts/report-outcomes.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

export const PayoutIdParams = z.object({
  transactionId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** What the bank said outside the channel, and how we know. */
export const ProposeSettlementBody = z.strictObject({
  outcome: SettlementOutcomeSchema,
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  completedAt: z.optional(z.iso.datetime()),
});

export const DecideSettlementBody = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
});

export const OverduePayoutSchema = z.object({
  transactionId: z.string(),
  customerId: z.string(),
  reference: z.string(),
  amount: z.string(),
  currency: z.string(),
  rail: z.nullable(z.string()),
  paymentFileId: z.nullable(z.string()),
  createdAt: z.string(),
  expectedSettlementAt: z.string(),
  overdueSeconds: z.number(),
});

export const UnansweredFileSchema = z.object({
  messageId: z.string(),
  name: z.string(),
  remoteName: z.string(),
  rail: z.nullable(z.string()),
  currency: z.string(),
  deliveredAt: z.string(),
  settlementDate: z.nullable(z.string()),
  payments: z.number(),
  processing: z.number(),
});

export const SettlementViewSchema = z.object({
  transactionId: z.string(),
  reference: z.string(),
  outcome: SettlementOutcomeSchema,
  reason: z.string(),
  completedAt: z.nullable(z.string()),
  status: z.enum(['PROPOSED', 'APPROVED', 'REJECTED']),
  proposedBy: AuditActorSchema,
  proposedAt: z.string(),
  decidedBy: z.nullable(AuditActorSchema),
  decidedAt: z.nullable(z.string()),
  rejectionReason: z.nullable(z.string()),
});

export const PayoutOperationsSchema = z.object({
  overduePayouts: z.array(OverduePayoutSchema),
  unansweredFiles: z.array(UnansweredFileSchema),
  quarantinedReports: z.array(z.omit(BankReportOutcomeSchema, { organizationId: true })),
  proposedSettlements: z.array(SettlementViewSchema),
});

export const SettledPayoutSchema = TransactionResponseSchema;
