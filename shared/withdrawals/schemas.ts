import { FiatAmountSchema, UsdcAmountSchema } from '#shared/money/amounts.ts';
import { described } from '#shared/routing/prose.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

const uuid = z.uuid({ error: 'Must be a UUID' });

/** API.md: 1-255 characters of `A-Za-z0-9_-.:`, in the body or the `Idempotency-Key` header. */
export const IdempotencyKeySchema = z
  .string({ error: 'Must be a string' })
  .check(z.regex(/^[A-Za-z0-9_.:-]{1,255}$/, { error: 'Must be 1-255 characters of A-Z, a-z, 0-9, _ - . :' }));

export const NEITHER_AMOUNT = 'Provide either sourceAmount or targetAmount';
export const BOTH_AMOUNTS = 'Provide either sourceAmount or targetAmount, not both';

function exactlyOneAmount() {
  return z.superRefine((body: { sourceAmount?: string | undefined; targetAmount?: string | undefined }, ctx) => {
    const given = [body.sourceAmount, body.targetAmount].filter((amount) => amount !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: given === 0 ? NEITHER_AMOUNT : BOTH_AMOUNTS });
  });
}

export const CreateWithdrawalBody = z
  .strictObject({
    withdrawalBankId: described(uuid),
    idempotencyKey: z.optional(IdempotencyKeySchema),
    sourceAmount: z.optional(UsdcAmountSchema),
    targetAmount: z.optional(FiatAmountSchema),
    instant: z.optional(z.boolean()),
    sourceCurrency: z.optional(z.literal('USDC', { error: 'Must be USDC' })),
  })
  .check(exactlyOneAmount());
export type CreateWithdrawalInput = z.output<typeof CreateWithdrawalBody>;

/** The most payouts one batch request carries (Mural takes 350, HIFI 50); 16 are written per transaction. */
export const MAX_BATCH_WITHDRAWALS = 250;

const BatchWithdrawalItem = z
  .strictObject({
    ...CreateWithdrawalBody.shape,
    customerId: described(uuid),
    idempotencyKey: described(IdempotencyKeySchema),
  })
  .check(exactlyOneAmount());
export type BatchWithdrawalInput = z.output<typeof BatchWithdrawalItem>;

export const CreateWithdrawalBatchBody = z.strictObject({
  idempotencyKey: z.optional(IdempotencyKeySchema),
  withdrawals: z
    .array(BatchWithdrawalItem)
    .check(
      z.minLength(1, { error: 'Send at least one withdrawal' }),
      z.maxLength(MAX_BATCH_WITHDRAWALS, { error: `At most ${MAX_BATCH_WITHDRAWALS} withdrawals per batch` }),
    ),
});

export const BatchItemResultSchema = z.object({
  index: z.number().check(z.int()),
  idempotencyKey: z.string(),
  status: z.number().check(z.int()),
  transaction: z.optional(TransactionResponseSchema),
  error: z.optional(z.string()),
});
export type BatchItemResult = z.output<typeof BatchItemResultSchema>;

export const WithdrawalBatchResponseSchema = z.object({
  batchId: z.uuid(),
  idempotencyKey: z.string(),
  proposed: z.boolean(),
  results: z.array(BatchItemResultSchema),
});
export type WithdrawalBatchResponse = z.output<typeof WithdrawalBatchResponseSchema>;
