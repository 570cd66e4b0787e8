import { Decimal } from 'decimal.js';
import { FieldError } from '#shared/errors.ts';
import { formatFiat, formatUsdc } from '#shared/money/format.ts';

/**
 * Withdrawal quotes in exact decimal arithmetic (API.md section 5). Amounts reach 15 integer and 6 decimal
 * digits and rates 8 decimals, so every product fits in 50 significant digits: nothing is ever rounded except
 * where a rule names the rounding (the fee UP, what we pay out DOWN).
 */
const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
type D = InstanceType<typeof D>;

const MICRO = new D('0.000001');
const USDC_PLACES = 6;
const FIAT_PLACES = 2;

export type FeeSchedule = {
  feeBps: number;
  minFee: string;
  /**
   * The organization's own fee on this customer (Compose's `developerSpreadFeeBps`, 0-2500): basis points of what
   * remains after our fee, rounded DOWN to 6 places (the customer is never charged more than the stated rate), and
   * accrued to the organization when the payout settles. Absent: none.
   */
  developerSpreadFeeBps?: number;
};

export type QuoteInput = {
  fees: FeeSchedule;
  /** Bank-currency units per 1 USDC, from the rate provider. */
  exchangeRate: string;
  /** The largest source amount of one withdrawal, in USDC. */
  maxSourceAmount: string;
} & ({ sourceAmount: string; targetAmount?: undefined } | { targetAmount: string; sourceAmount?: undefined });

/** Every figure of a quote, as the decimal strings the API renders (USDC 2-6 places, fiat exactly 2). */
export type Quote = {
  sourceAmount: string;
  targetAmount: string;
  fee: string;
  exchangeRate: string;
  /** The organization's developer fee in USDC; only when the schedule has one. */
  developerFee?: string;
};

type AmountField = 'sourceAmount' | 'targetAmount';

export class AmountNotAboveFeeError extends FieldError {
  constructor(field: AmountField) {
    super(field, 'Amount must be greater than the fee');
  }
}

export class AmountAboveMaximumError extends FieldError {
  constructor(field: AmountField, max: string) {
    super(field, `Amount exceeds the maximum of ${formatUsdc(max)} USDC per withdrawal`);
  }
}

/** `max(minFee, source * feeBps / 10000)`, rounded UP to 6 places: we never charge less than the schedule. */
export function feeFor(sourceAmount: Decimal.Value, fees: FeeSchedule): D {
  const proportional = new D(sourceAmount).times(fees.feeBps).div(10_000);
  return D.max(new D(fees.minFee), proportional).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_UP);
}

/**
 * `roundDown((source - fee) * developerSpreadFeeBps / 10000, 6)`: the organization's fee, on what our fee leaves.
 * `source - fee - developerFee` equals `roundUp((source - fee) * (1 - bps/10000), 6)`, which never decreases as the
 * source grows, so the target stays monotonic and `smallestSourceFor` stays exact.
 */
export function developerFeeFor(sourceAmount: Decimal.Value, fees: FeeSchedule): D {
  const bps = fees.developerSpreadFeeBps ?? 0;
  if (bps === 0) return new D(0);
  const source = new D(sourceAmount);
  const afterFee = D.max(0, source.minus(feeFor(source, fees)));
  return afterFee.times(bps).div(10_000).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_DOWN);
}

/**
 * `roundDown((source - fee - developerFee) * rate, 2)`: what the bank receives; rounding DOWN never pays out more
 * than was paid for.
 */
export function targetFor(sourceAmount: Decimal.Value, fees: FeeSchedule, exchangeRate: Decimal.Value): D {
  const source = new D(sourceAmount);
  return source
    .minus(feeFor(source, fees))
    .minus(developerFeeFor(source, fees))
    .times(exchangeRate)
    .toDecimalPlaces(FIAT_PLACES, Decimal.ROUND_DOWN);
}

/**
 * The smallest 6-decimal source amount whose target reaches `targetAmount`, or undefined when no amount can
 * (a fee of 100 % or more). `targetFor` never decreases as the source grows by one micro-USDC (the fee grows by
 * at most one micro-USDC per micro-USDC while its rate is below 100 %), so the answer is found by bracketing a
 * close candidate and bisecting on the micro-USDC grid; the bracket keeps `reaches(hi)` and `!reaches(lo)`, so
 * the result is minimal by construction (and the property tests check `result - 1 micro` falls short).
 */
export function smallestSourceFor(
  targetAmount: Decimal.Value,
  fees: FeeSchedule,
  exchangeRate: Decimal.Value,
): D | undefined {
  const target = new D(targetAmount);
  const rate = new D(exchangeRate);
  const proportion = new D(fees.feeBps).div(10_000);
  const developerShare = new D(fees.developerSpreadFeeBps ?? 0).div(10_000);
  if (proportion.gte(1) || developerShare.gte(1) || rate.lte(0) || target.lte(0)) return undefined;
  const reaches = (source: D) => targetFor(source, fees, rate).gte(target);

  // Net USDC the payout needs, what must remain after our fee for the developer fee to leave it, then the gross
  // amount under each arm of the fee rule.
  const converted = target.div(rate).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_UP);
  const net = converted.div(new D(1).minus(developerShare)).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_UP);
  const candidate = D.max(
    net.plus(fees.minFee),
    net.div(new D(1).minus(proportion)).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_UP),
  );

  let hi = candidate;
  for (let step = MICRO; !reaches(hi); step = step.times(2)) hi = hi.plus(step);
  let lo = candidate.minus(MICRO);
  for (let step = MICRO; lo.gt(0) && reaches(lo); step = step.times(2)) lo = lo.minus(step);
  // Zero never reaches a positive target, so it is a valid lower end.
  if (lo.lt(0)) lo = new D(0);
  while (hi.minus(lo).gt(MICRO)) {
    const mid = lo.plus(hi).div(2).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_DOWN);
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Rates render with at least two decimals, like money, and never in exponent notation. */
export function formatRate(rate: Decimal.Value): string {
  const [whole, fraction = ''] = new D(rate).toFixed().split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** The quote for a withdrawal given either its source amount (USDC) or its target amount (bank currency). */
export function quoteWithdrawal(input: QuoteInput): Quote {
  const field: AmountField = input.sourceAmount !== undefined ? 'sourceAmount' : 'targetAmount';
  let source: D;
  if (input.sourceAmount !== undefined) {
    source = new D(input.sourceAmount);
  } else {
    const found = smallestSourceFor(input.targetAmount, input.fees, input.exchangeRate);
    if (!found) throw new AmountNotAboveFeeError(field);
    source = found;
  }
  if (source.gt(input.maxSourceAmount)) throw new AmountAboveMaximumError(field, input.maxSourceAmount);
  const target = targetFor(source, input.fees, input.exchangeRate);
  if (target.lte(0)) throw new AmountNotAboveFeeError(field);
  return {
    sourceAmount: formatUsdc(source),
    targetAmount: formatFiat(target),
    fee: formatUsdc(feeFor(source, input.fees)),
    exchangeRate: formatRate(input.exchangeRate),
    ...(input.fees.developerSpreadFeeBps ? { developerFee: formatUsdc(developerFeeFor(source, input.fees)) } : {}),
  };
}
