import * as z from '#shared/validation/zod.ts';

/**
 * The ledger counts in integer micro-USDC (1 USDC = 1,000,000). DynamoDB adds and compares those numbers
 * exactly; they are written as strings (`NumberValue`) and read back as integers (a JS number while safe, a
 * BigInt beyond), so no float ever touches a balance.
 */

/** An integer micro-USDC attribute as the document client returns it. */
export const MicroSchema = z.pipe(
  z.union([z.number().check(z.int()), z.bigint(), z.string().check(z.regex(/^-?\d+$/))]),
  z.transform((value) => BigInt(value)),
);

/** A USDC decimal string (at most 6 places, as the schemas allow) in micro-USDC, by string arithmetic: exact at any size. */
export function toMicro(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(amount);
  if (!match) throw new Error(`not a USDC amount with at most 6 decimal places: ${amount}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return BigInt(`${sign}${whole}${fraction.padEnd(6, '0')}`);
}

/** Micro-USDC rendered as a USDC amount (2 to 6 decimals), again without rounding at any size. */
export function formatMicro(micro: bigint): string {
  const negative = micro < 0n;
  const digits = (negative ? -micro : micro).toString().padStart(7, '0');
  const whole = digits.slice(0, -6);
  const fraction = digits.slice(-6).replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
