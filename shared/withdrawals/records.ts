import * as z from '#shared/validation/zod.ts';

/** A withdrawal batch's idempotency record: the batch's key and hash, and the answer per item. */
export const WithdrawalBatchRecordSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('WITHDRAWAL_BATCH'),
  batchId: z.string(),
  organizationId: z.string(),
  idempotencyKey: z.string(),
  requestHash: z.string(),
  proposed: z.boolean(),
  createdAt: z.string(),
  items: z.array(
    z.object({
      index: z.number(),
      idempotencyKey: z.string(),
      status: z.number(),
      error: z.optional(z.string()),
      transactionId: z.optional(z.string()),
      customerId: z.optional(z.string()),
    }),
  ),
});
export type WithdrawalBatchRecord = z.infer<typeof WithdrawalBatchRecordSchema>;
