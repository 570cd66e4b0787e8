import * as z from '#shared/validation/zod.ts';

/**
 * Money never passes through a JS number: decimal strings at the edge, `Decimal` inside (`#shared/money/format.ts`
 * renders computed amounts). The schemas here check and canonicalize strings with string rules alone, so the
 * functions that only validate amounts do not carry a decimal library.
 */
export const MAX_FIAT_DECIMALS = 2;
export const MAX_USDC_DECIMALS = 6;

const decimalPattern = (maxDecimals: number) => new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${maxDecimals}})?$`);

/** A positive decimal string with at most `maxDecimals` places, no sign, exponent or leading zeros. */
export function positiveAmountSchema(maxDecimals: number) {
  return z.string({ error: 'Must be a decimal string' }).check(
    z.regex(decimalPattern(maxDecimals), {
      error: `Must be a decimal string with at most ${maxDecimals} decimal places`,
      abort: true,
    }),
    z.refine((value) => /[1-9]/.test(value), { error: 'Must be greater than 0' }),
  );
}

export const FiatAmountSchema = positiveAmountSchema(MAX_FIAT_DECIMALS);
export const UsdcAmountSchema = positiveAmountSchema(MAX_USDC_DECIMALS);

/** A fiat amount the schema accepted, with exactly two decimals (`25000` -> `25000.00`); it never rounds. */
export function canonicalFiat(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  if (fraction.length > MAX_FIAT_DECIMALS) throw new RangeError(`more than ${MAX_FIAT_DECIMALS} decimals: ${amount}`);
  return `${whole}.${fraction.padEnd(MAX_FIAT_DECIMALS, '0')}`;
}

/**
 * A plain decimal string the schemas accepted, by value: trailing zeros of the fraction dropped (`10.50` -> `10.5`,
 * `10.0` -> `10`), as `Decimal#toFixed()` renders it.
 */
export function decimalValue(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}
