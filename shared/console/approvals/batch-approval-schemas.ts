import { ApprovalCardSchema, CreatedByKey } from '#shared/console/approvals/approval-view-schemas.ts';
import { BatchBindingSchema } from '#shared/console/common/records.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's requests and responses for approving a withdrawal batch as one (shared/console/README.md). */

export const BatchIdParams = z.strictObject({
  batchId: z.uuid(),
});

const Total = z.object({ currency: z.string(), amount: z.string() });

export const BatchApprovalCardSchema = z.object({
  batchId: z.string(),
  count: z.number().check(z.int()),
  createdAt: z.string(),
  createdBy: CreatedByKey,
  sourceTotal: z.string(),
  feeTotal: z.string(),
  totals: z.array(Total),
  customers: z.array(z.object({ customerId: z.string(), name: z.nullable(z.string()) })),
  waitsBecause: z.array(z.enum(['allowance', 'balance'])),
  allowanceAvailable: z.string(),
  balance: z.object({
    covered: z.number().check(z.int()),
    uncovered: z.number().check(z.int()),
  }),
  requiredApprovals: z.number().check(z.int()),
  signers: z.array(z.object({ approver: z.string(), signed: z.number().check(z.int()) })),
  items: z.array(ApprovalCardSchema),
});

export const BatchApprovalOptionsSchema = z.object({
  challengeId: z.string(),
  batchBinding: BatchBindingSchema,
  nonce: z.string(),
  options: z.record(z.string(), z.unknown()),
});

export const BATCH_ITEM_OUTCOMES = ['SIGNED', 'REJECTED', 'SKIPPED'] as const;

export const BatchDecisionSchema = z.object({
  batchId: z.string(),
  results: z.array(
    z.object({
      transactionId: z.string(),
      customerId: z.string(),
      outcome: z.enum(BATCH_ITEM_OUTCOMES),
      status: z.string(),
      error: z.optional(z.string()),
    }),
  ),
});
export type BatchDecision = z.output<typeof BatchDecisionSchema>;
