import { FiatAmountSchema, UsdcAmountSchema } from '#shared/money/amounts.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { TRANSACTION_EXAMPLE, TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

const uuid = z.uuid({ error: 'Must be a UUID' });

// The same bank as the banks' examples, so the examples read as one flow.
const EXAMPLE_BANK_ID = '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60';

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
    withdrawalBankId: uuid.check(
      docMeta(
        OPENAPI_PROSE && {
          description: "The `id` of one of this customer's ACTIVE withdrawal banks",
          examples: [EXAMPLE_BANK_ID],
        },
      ),
    ),
    idempotencyKey: z.optional(IdempotencyKeySchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Makes retries safe: 1-255 of `A-Za-z0-9_-.:`, scoped to your organization. The same key with the same ' +
            'parameters answers 201 with the original transaction and `Idempotent-Replayed: true`; with other ' +
            'parameters, 422. May be sent as the `Idempotency-Key` header instead (both must then be equal).',
          examples: ['payout-2026-11-21-0001'],
        },
      ),
    ),
    sourceAmount: z.optional(UsdcAmountSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'USDC to take from the balance, fee included: a decimal string with up to 6 places (`"100"`, `"100.50"`), ' +
            'never a JSON number. Exactly one of `sourceAmount` and `targetAmount`.',
          examples: ['100.00'],
        },
      ),
    ),
    targetAmount: z.optional(FiatAmountSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "What the bank account is to receive, in the bank's currency: a decimal string with up to 2 places. The " +
            'smallest source amount that delivers it is charged. Exactly one of `sourceAmount` and `targetAmount`.',
          examples: ['250.00'],
        },
      ),
    ),
    instant: z.optional(z.boolean()).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Optional, not in Compose: `true` asks for SEPA Instant (funds within seconds) to a SEPA bank. The ' +
            'transaction shows the rail asked for (`requestedPaymentRail`), the rail used (`settlementRail`) and, when ' +
            'it fell back to standard SEPA, why (`railFallbackReason`). Without it, standard SEPA as before.',
          examples: [true],
        },
      ),
    ),
    sourceCurrency: z.optional(z.literal('USDC', { error: 'Must be USDC' })).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Optional, Compose compatibility: the currency taken from the balance, always `USDC` (the only source ' +
            'currency); any other value is a 400.',
          examples: ['USDC'],
        },
      ),
    ),
  })
  .check(
    exactlyOneAmount(),
    docMeta(
      OPENAPI_PROSE && {
        id: 'CreateWithdrawalRequest',
        examples: [
          { withdrawalBankId: EXAMPLE_BANK_ID, idempotencyKey: 'payout-2026-11-21-0001', sourceAmount: '100.00' },
          { withdrawalBankId: EXAMPLE_BANK_ID, idempotencyKey: 'payout-2026-11-21-0002', targetAmount: '250.00' },
        ],
      },
    ),
  );
export type CreateWithdrawalInput = z.output<typeof CreateWithdrawalBody>;

/** The most payouts one batch request carries (Mural takes 350, HIFI 50); 16 are written per transaction. */
export const MAX_BATCH_WITHDRAWALS = 250;

const EXAMPLE_CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

const BatchWithdrawalItem = z
  .strictObject({
    ...CreateWithdrawalBody.shape,
    customerId: uuid.check(docMeta(OPENAPI_PROSE && { description: 'The customer paid out from' })),
    idempotencyKey: IdempotencyKeySchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: "This payout's own key, as for a single create: the same key answers the same withdrawal",
        },
      ),
    ),
  })
  .check(exactlyOneAmount());
export type BatchWithdrawalInput = z.output<typeof BatchWithdrawalItem>;

export const CreateWithdrawalBatchBody = z
  .strictObject({
    idempotencyKey: z.optional(IdempotencyKeySchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description: "The batch's key (or the `Idempotency-Key` header): the same key answers the same results",
        },
      ),
    ),
    withdrawals: z.array(BatchWithdrawalItem).check(
      z.minLength(1, { error: 'Send at least one withdrawal' }),
      z.maxLength(MAX_BATCH_WITHDRAWALS, { error: `At most ${MAX_BATCH_WITHDRAWALS} withdrawals per batch` }),
      docMeta(
        OPENAPI_PROSE && {
          description: `1 to ${MAX_BATCH_WITHDRAWALS} withdrawals, one per customer, answered in this order`,
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'CreateWithdrawalBatchRequest',
        examples: [
          {
            idempotencyKey: 'payroll-2026-11',
            withdrawals: [
              {
                customerId: EXAMPLE_CUSTOMER_ID,
                withdrawalBankId: EXAMPLE_BANK_ID,
                idempotencyKey: 'payroll-2026-11-0001',
                sourceAmount: '100.00',
              },
            ],
          },
        ],
      },
    ),
  );

export const BatchItemResultSchema = z.object({
  index: z
    .number()
    .check(z.int(), docMeta(OPENAPI_PROSE && { description: "The item's place in the request, from 0" })),
  idempotencyKey: z.string(),
  status: z
    .number()
    .check(z.int(), docMeta(OPENAPI_PROSE && { description: 'The status a single create would have answered' })),
  transaction: z.optional(TransactionResponseSchema),
  error: z.optional(z.string()),
});
export type BatchItemResult = z.output<typeof BatchItemResultSchema>;

export const WithdrawalBatchResponseSchema = z
  .object({
    batchId: z.uuid(),
    idempotencyKey: z.string(),
    proposed: z
      .boolean()
      .check(
        docMeta(OPENAPI_PROSE && { description: 'The batch did not fit the API allowance: every payout is PROPOSED' }),
      ),
    results: z.array(BatchItemResultSchema),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'WithdrawalBatch',
        examples: [
          {
            batchId: '1f2e3d4c-5b6a-4978-8a7b-6c5d4e3f2a1b',
            idempotencyKey: 'payroll-2026-11',
            proposed: false,
            results: [
              { index: 0, idempotencyKey: 'payroll-2026-11-0001', status: 201, transaction: TRANSACTION_EXAMPLE },
              { index: 1, idempotencyKey: 'payroll-2026-11-0002', status: 404, error: 'Customer not found' },
            ],
          },
        ],
      },
    ),
  );
export type WithdrawalBatchResponse = z.output<typeof WithdrawalBatchResponseSchema>;
