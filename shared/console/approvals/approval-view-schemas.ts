import { PendingWithdrawalSchema } from '#shared/console/common/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The API key that created a withdrawal (or a batch), as the keys page lists it. */
export const CreatedByKey = z.nullable(z.object({ apiKeyId: z.string(), hint: z.string() }));

/** A withdrawal awaiting signatures as the Approvals page shows it: what the member decides on. */
export const ApprovalCardSchema = z.extend(PendingWithdrawalSchema, {
  batchId: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  createdBy: CreatedByKey,
  exchangeRate: z.string(),
  bic: z.nullable(z.string()),
  waitsBecause: z.array(z.enum(['allowance', 'balance'])),
  allowanceAvailable: z.string(),
  balance: z.object({
    available: z.string(),
    after: z.nullable(z.string()),
    covers: z.boolean(),
  }),
});
