import { Decimal } from 'decimal.js';
import * as z from 'zod';

/** Money never passes through a JS number: decimal strings at the edge, Decimal inside. */
export const MAX_FIAT_DECIMALS = 2;
export const MAX_USDC_DECIMALS = 6;

const decimalPattern = (maxDecimals: number) => new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${maxDecimals}})?$`);

/** A positive decimal string with at most `maxDecimals` places, no sign, exponent or leading zeros. */
export function positiveAmountSchema(maxDecimals: number) {
  return (
    z
      .string({ error: 'Must be a decimal string' })
      // `abort`: the Decimal check below must never see a string that is not a decimal.
      .regex(decimalPattern(maxDecimals), {
        error: `Must be a decimal string with at most ${maxDecimals} decimal places`,
        abort: true,
      })
      .refine((value) => new Decimal(value).gt(0), { error: 'Must be greater than 0' })
  );
}

export const FiatAmountSchema = positiveAmountSchema(MAX_FIAT_DECIMALS);
export const UsdcAmountSchema = positiveAmountSchema(MAX_USDC_DECIMALS);

/** Fiat amounts render with exactly two decimals. Callers round first, by their own rule; rendering never rounds up. */
export const formatFiat = (value: Decimal.Value): string =>
  new Decimal(value).toFixed(MAX_FIAT_DECIMALS, Decimal.ROUND_DOWN);

/** USDC amounts render with at least two and at most six decimals. */
export function formatUsdc(value: Decimal.Value): string {
  const fixed = new Decimal(value).toFixed(MAX_USDC_DECIMALS, Decimal.ROUND_DOWN).replace(/0+$/, '');
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
