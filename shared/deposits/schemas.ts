import { VirtualAccountCurrencySchema } from '#shared/deposits/records.ts';
import { refusal } from '#shared/errors.ts';
import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { BANK_RAIL_NAMES, type BankRailName } from '#shared/rails/bank/rail.ts';
import { depositRailsOf, RAILS as RAILS_BY_NAME } from '#shared/rails/bank/rails.ts';
import { described } from '#shared/routing/prose.ts';
import { withComposeTexts } from '#shared/validation/compose-texts.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

const uuid = () => z.uuid({ error: 'Must be a UUID' });

// Virtual accounts.

export const CreateVirtualAccountBody = z.strictObject({
  currency: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim().toUpperCase()),
    ),
    z.enum(VirtualAccountCurrencySchema.options, { error: 'Must be one of: USD, EUR' }),
  ),
});

export const CustomerVirtualAccountParams = z.strictObject({
  customerId: uuid(),
  virtualAccountId: uuid(),
});

/**
 * `GET /customers/{customerId}/virtual-account?virtualAccountId=`: one account. Without the id: Compose's 400 and
 * its text (its getVirtualAccount page), which points to the list.
 */
export const GetVirtualAccountQuery = withComposeTexts(
  z.strictObject({
    virtualAccountId: z.string().check(z.minLength(1), z.maxLength(255)),
  }),
  {
    virtualAccountId: {
      missing: 'virtualAccountId query parameter is required. Use GET /virtual-accounts to list all virtual accounts.',
    },
  },
);

/** `POST /sandbox/.../virtual-accounts/{virtualAccountId}/reject`: why the provider refused it, optionally. */
export const SandboxRejectVirtualAccountBody = z.strictObject({
  reason: z.optional(text(500)),
});

// Deposit details.

/** The rails deposits are received on, from the rails (`shared/rails/bank/rails.ts`): the first is the default. */
const RAILS = { eur: depositRailsOf('EUR'), usd: depositRailsOf('USD') };
export type DepositCurrency = keyof typeof RAILS;
export type DepositRail = BankRailName;

/** Compose's newer deposit-details page names `paymentRail` as the parameter to send when neither is given. */
export const RAIL_REQUIRED = refusal(400, 'Missing required query parameter: paymentRail');
/** The currency a rail alone implies (Compose: `paymentRail` alone is enough; SWIFT deposits are USD). */
const currencyOfRail = (rail: BankRailName): DepositCurrency | undefined =>
  RAILS_BY_NAME[rail].deposits?.currency === 'EUR' ? 'eur' : RAILS_BY_NAME[rail].deposits ? 'usd' : undefined;

/** `?currency=eur|usd[&paymentRail=...]`, any case. */
export const DepositDetailsQuery = z
  .strictObject({
    currency: z.optional(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value) => value.trim().toLowerCase()),
        ),
        z.enum(['eur', 'usd'], { error: 'Must be one of: eur, usd' }),
      ),
    ),
    paymentRail: z.optional(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value) => value.trim().toUpperCase()),
        ),
        z.enum(BANK_RAIL_NAMES, { error: `Must be one of: ${BANK_RAIL_NAMES.join(', ')}` }),
      ),
    ),
  })
  .check((ctx) => {
    const { currency, paymentRail } = ctx.value;
    // The contract's message names the parameter without the usual `<field>: ` prefix, hence the empty path.
    if (!currency && !paymentRail)
      ctx.issues.push({ code: 'custom', path: [], message: RAIL_REQUIRED.message, input: ctx.value });
    else if (!currency) return;
    else if (paymentRail && !(RAILS[currency] as readonly string[]).includes(paymentRail)) {
      ctx.issues.push({
        code: 'custom',
        path: ['paymentRail'],
        message: `Must be one of: ${RAILS[currency].join(', ')} for ${currency}`,
        input: paymentRail,
      });
    }
  });
export type DepositDetailsRequest = z.output<typeof DepositDetailsQuery>;

/** The currency (present once the query passed) and its rail, the currency's first by default (SEPA, FEDWIRE). */
export function depositRail(query: DepositDetailsRequest): { currency: DepositCurrency; paymentRail: DepositRail } {
  const { paymentRail } = query;
  const currency = query.currency ?? (paymentRail && currencyOfRail(paymentRail));
  if (!currency) throw new Error(RAIL_REQUIRED.message);
  const fallback = RAILS[currency][0];
  if (!fallback) throw new Error(`No deposit rail for ${currency}`);
  return { currency, paymentRail: paymentRail ?? fallback };
}

export const DepositDetailsSchema = z.object({
  customerId: z.string(),
  currency: z.enum(['eur', 'usd']),
  paymentRail: z.enum(BANK_RAIL_NAMES),
  depositModel: z.enum(['reference', 'virtual_account']),
  reference: z.string(),
  accountName: z.nullable(z.string()),
  accountAddress: z.nullable(z.string()),
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  routingNumber: z.nullable(z.string()),
  bankName: z.nullable(z.string()),
  bankAddress: z.nullable(z.string()),
  bankCountry: z.nullable(z.string()),
  depositInstructions: z.string(),
  warning: z.nullable(z.string()),
  /** The demo's name for `warning` (Compose's older page too); the same text. */
  warningText: z.nullable(z.string()),
  thirdPartyEnabled: z.boolean(),
});
export type DepositDetails = z.infer<typeof DepositDetailsSchema>;

// The sandbox's stand-in for a bank transfer to the shared receiving account.

export const SandboxCreditBody = z.strictObject({
  amount: described(UsdcAmountSchema),
});
