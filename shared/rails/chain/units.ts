/**
 * Token amounts between the chain's uint256 in the smallest unit and exact decimal strings: integer arithmetic
 * only, never a float.
 */

/** `25000000n` with 6 decimals -> `"25"`; `4990000n` -> `"4.99"`. */
export function formatUnits(value: bigint, decimals: number): string {
  if (value < 0n) throw new RangeError('A token amount is never negative');
  const text = value.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** `"4.99"` with 6 decimals -> `4990000n`; more places than the token has is refused, not rounded. */
export function parseUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new RangeError(`Not a decimal amount: ${amount}`);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) throw new RangeError(`More than ${decimals} decimal places: ${amount}`);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}
