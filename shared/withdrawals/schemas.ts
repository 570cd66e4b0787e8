import { FiatAmountSchema, UsdcAmountSchema } from '#shared/money/amounts.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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
    z.superRefine((body, ctx) => {
      const given = [body.sourceAmount, body.targetAmount].filter((amount) => amount !== undefined).length;
      if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: given === 0 ? NEITHER_AMOUNT : BOTH_AMOUNTS });
    }),
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
