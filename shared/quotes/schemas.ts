import { refusal } from '#shared/errors.ts';
import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { ExchangeRatesSchema } from '#shared/organizations/sandbox-settings.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Compose's `GET /rates` (its getIndicativeRate page): snake_case query and answer. The pairs this service pays
 * out (USDC to EUR and USD, by the withdrawals' own quote engine) and takes in (EUR and USD to USDC, `quote-deposit.ts`).
 */
const CURRENCIES = ['EUR', 'USD', 'USDC', 'EURC'] as const;
const currency = (description: string) =>
  z
    .pipe(
      z.pipe(
        z.string(),
        z.transform((value) => value.trim().toUpperCase()),
      ),
      z.enum(CURRENCIES, { error: `Must be one of: ${CURRENCIES.join(', ')}` }),
    )
    .check(docMeta(OPENAPI_PROSE && { description, examples: ['USDC'] }));

export const EXACTLY_ONE_AMOUNT = 'Provide exactly one of source_amount or target_amount';

export const GetRateQuery = z
  .strictObject({
    source_currency: currency(
      'Currency being sent (any case): `USDC` to withdraw, `EUR` or `USD` to deposit (the on-ramp)',
    ),
    target_currency: currency(
      "Currency to be received (any case): `EUR` or `USD` (the bank's currency) from USDC, `USDC` from EUR or USD",
    ),
    source_amount: z.optional(UsdcAmountSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Amount to send, a decimal string (USDC up to 6 places, EUR and USD up to 2). Exactly one of ' +
            '`source_amount` and `target_amount`.',
          examples: ['1000'],
        },
      ),
    ),
    target_amount: z.optional(UsdcAmountSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Amount to receive, a decimal string (EUR and USD up to 2 places, USDC up to 6). Exactly one of the two.',
          examples: ['920.00'],
        },
      ),
    ),
    customer_id: z.optional(z.uuid({ error: 'Must be a UUID' })).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "Quote with this customer's developer fee (`PATCH /customers/{customerId}/developer-fees`), as a withdrawal " +
            'of theirs would be; 404 `Customer not found` for an unknown one. Absent: no developer fee.',
        },
      ),
    ),
    deposit_model: z.optional(z.string()).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Accepted for Compose compatibility (`REFERENCE`, `VIRTUAL_ACCOUNT`); the on-ramp rate is the same for both',
        },
      ),
    ),
    payment_rail: z
      .optional(z.string())
      .check(
        docMeta(
          OPENAPI_PROSE && { description: 'Accepted for Compose compatibility; the quote is the same on every rail' },
        ),
      ),
  })
  .check(
    z.superRefine((query, ctx) => {
      if ((query.source_amount === undefined) === (query.target_amount === undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: EXACTLY_ONE_AMOUNT });
      }
    }),
  );
export type GetRateRequest = z.output<typeof GetRateQuery>;

export const RateSchema = z
  .object({
    source_currency: z.string(),
    target_currency: z.string(),
    source_amount: z.string(),
    target_amount: z.string(),
    exchange_rate: z.string(),
    fee: z.string(),
    fee_currency: z.string(),
    developer_fee: z.nullable(
      z
        .object({ amount: z.string(), currency: z.literal('USDC'), developerSpreadFeeBps: z.number().check(z.int()) })
        .check(
          docMeta(OPENAPI_PROSE && { description: "The customer's developer fee (`customer_id`); null without one" }),
        ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'IndicativeRate',
        examples: [
          {
            source_currency: 'USDC',
            target_currency: 'EUR',
            source_amount: '1000.00',
            target_amount: '915.40',
            exchange_rate: '0.92',
            fee: '5.00',
            fee_currency: 'USDC',
            developer_fee: null,
          },
        ],
      },
    ),
  );
export type Rate = z.infer<typeof RateSchema>;

// A sandbox organization's fixed rates.

const FixedRateSchema = z.string({ error: 'Must be a decimal string' }).check(
  z.regex(/^(0|[1-9]\d{0,5})(\.\d{1,8})?$/, { error: 'Must be a decimal string with at most 8 decimal places' }),
  z.refine((value) => /[1-9]/.test(value), { error: 'Must be greater than 0' }),
);

export const SandboxExchangeRatesBody = z
  .strictObject({
    EUR: z
      .optional(FixedRateSchema)
      .check(docMeta(OPENAPI_PROSE && { description: 'EUR paid out per USDC: a decimal string, up to 8 places' })),
    USD: z
      .optional(FixedRateSchema)
      .check(docMeta(OPENAPI_PROSE && { description: 'USD paid out per USDC: a decimal string, up to 8 places' })),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.EUR === undefined && body.USD === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: 'Provide EUR, USD or both' });
      }
    }),
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxExchangeRatesRequest',
        examples: [{ EUR: '0.92' }, { EUR: '0.915', USD: '1.00' }],
      },
    ),
  );
export const SandboxExchangeRatesSchema = z
  .object({ rates: ExchangeRatesSchema })
  .check(docMeta(OPENAPI_PROSE && { id: 'ExchangeRates', examples: [{ rates: { EUR: '0.92', USD: '1.00' } }] }));

export const UNSUPPORTED_PAIR = refusal(
  400,
  'Unsupported currency pair: quotes are offered for USDC to EUR or USD, and EUR or USD to USDC',
);
