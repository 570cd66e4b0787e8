import { Decimal } from 'decimal.js';
import { MAX_FIAT_DECIMALS, MAX_USDC_DECIMALS } from '#shared/money/amounts.ts';

/** Fiat amounts render with exactly two decimals. Callers round first, by their own rule; rendering never rounds up. */
export const formatFiat = (value: Decimal.Value): string =>
  new Decimal(value).toFixed(MAX_FIAT_DECIMALS, Decimal.ROUND_DOWN);

/** USDC amounts render with at least two and at most six decimals. */
export function formatUsdc(value: Decimal.Value): string {
  const fixed = new Decimal(value).toFixed(MAX_USDC_DECIMALS, Decimal.ROUND_DOWN).replace(/0+$/, '');
  const [whole, fraction = ''] = fixed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
