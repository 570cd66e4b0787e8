import { refusal } from '#shared/errors.ts';
import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { ExchangeRatesSchema } from '#shared/organizations/sandbox-settings.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Compose's `GET /rates` (its getIndicativeRate page): snake_case query and answer. The pairs this service pays
 * out (USDC to EUR and USD, by the withdrawals' own quote engine) and takes in (EUR and USD to USDC, `quote-deposit.ts`).
 */
const CURRENCIES = ['EUR', 'USD', 'USDC', 'EURC'] as const;
const currency = () =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim().toUpperCase()),
    ),
    z.enum(CURRENCIES, { error: `Must be one of: ${CURRENCIES.join(', ')}` }),
  );

export const EXACTLY_ONE_AMOUNT = 'Provide exactly one of source_amount or target_amount';

export const GetRateQuery = z
  .strictObject({
    source_currency: currency(),
    target_currency: currency(),
    source_amount: z.optional(UsdcAmountSchema),
    target_amount: z.optional(UsdcAmountSchema),
    customer_id: z.optional(z.uuid({ error: 'Must be a UUID' })),
    deposit_model: z.optional(z.string()),
    payment_rail: z.optional(z.string()),
  })
  .check(
    z.superRefine((query, ctx) => {
      if ((query.source_amount === undefined) === (query.target_amount === undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: EXACTLY_ONE_AMOUNT });
      }
    }),
  );
export type GetRateRequest = z.output<typeof GetRateQuery>;

export const RateSchema = z.object({
  source_currency: z.string(),
  target_currency: z.string(),
  source_amount: z.string(),
  target_amount: z.string(),
  exchange_rate: z.string(),
  fee: z.string(),
  fee_currency: z.string(),
  developer_fee: z.nullable(
    z.object({ amount: z.string(), currency: z.literal('USDC'), developerSpreadFeeBps: z.number().check(z.int()) }),
  ),
});
export type Rate = z.infer<typeof RateSchema>;

// A sandbox organization's fixed rates.

const FixedRateSchema = z.string({ error: 'Must be a decimal string' }).check(
  z.regex(/^(0|[1-9]\d{0,5})(\.\d{1,8})?$/, { error: 'Must be a decimal string with at most 8 decimal places' }),
  z.refine((value) => /[1-9]/.test(value), { error: 'Must be greater than 0' }),
);

export const SandboxExchangeRatesBody = z
  .strictObject({
    EUR: z.optional(FixedRateSchema),
    USD: z.optional(FixedRateSchema),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.EUR === undefined && body.USD === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: 'Provide EUR, USD or both' });
      }
    }),
  );
export const SandboxExchangeRatesSchema = z.object({ rates: ExchangeRatesSchema });

export const UNSUPPORTED_PAIR = refusal(
  400,
  'Unsupported currency pair: quotes are offered for USDC to EUR or USD, and EUR or USD to USDC',
);
