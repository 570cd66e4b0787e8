import { formatMicro, toMicro } from '#shared/money/micro.ts';

/**
 * A deposit's developer fee: `roundDown(amount * developerSpreadFeeBps / 10000, 6)` of the USDC that arrived (the
 * customer is credited the rest, Compose's `targetAmount - developerFee.amount`). In integer micro-USDC, where
 * bigint division truncating toward zero is that rounding, so every function recording a deposit stays free of the
 * quote engine's decimal arithmetic.
 */
export function depositDeveloperFee(amount: string, developerSpreadFeeBps: number): string {
  return formatMicro((toMicro(amount) * BigInt(developerSpreadFeeBps)) / 10_000n);
}
