import { Decimal } from 'decimal.js';
import { FieldError } from '#shared/errors.ts';
import { formatFiat, formatUsdc } from '#shared/money/format.ts';
import { depositDeveloperFee } from '#shared/quotes/deposit-fee.ts';

/**
 * On-ramp quotes (fiat to USDC, Compose's `GET /rates` with `target_currency=USDC`) in exact decimal arithmetic.
 * The rate is the inverse of the one fiat is paid out at (`rateProviderFor`: bank-currency units per USDC), rounded
 * DOWN to 8 places, so a deposit never buys more USDC than the same money is worth on the way out; the USDC is
 * rounded DOWN to 6 places. Deposits carry no fee of ours; the customer's developer fee is what every recorded
 * deposit keeps (`depositDeveloperFee`), so the quote answers what the credit would be.
 */
const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_EVEN });
type D = InstanceType<typeof D>;

const RATE_PLACES = 8;
const USDC_PLACES = 6;
const FIAT_PLACES = 2;
const CENT = new D('0.01');
/** The first guess lands within a cent or two of the answer; this bounds the walk to it. */
const MAX_STEPS = 100;

export type DepositQuoteInput = {
  /** Bank-currency units per 1 USDC, the rate fiat is paid out at. */
  payoutRate: string;
  developerSpreadFeeBps: number;
} & ({ sourceAmount: string; targetAmount?: undefined } | { targetAmount: string; sourceAmount?: undefined });

export type DepositQuote = {
  /** Fiat, exactly 2 places. */
  sourceAmount: string;
  /** USDC credited: what the fiat buys less the developer fee. */
  targetAmount: string;
  /** USDC per fiat unit. */
  exchangeRate: string;
  /** USDC; only when the customer has a developer fee. */
  developerFee?: string;
};

/** USDC per fiat unit: `1 / payoutRate`, rounded DOWN to 8 places. */
export const depositRate = (payoutRate: string): string =>
  new D(1).div(payoutRate).toDecimalPlaces(RATE_PLACES, Decimal.ROUND_DOWN).toFixed();

/** What `source` fiat buys and credits at `rate`. */
function credit(source: D, rate: string, bps: number) {
  const bought = formatUsdc(source.times(rate).toDecimalPlaces(USDC_PLACES, Decimal.ROUND_DOWN));
  const developerFee = depositDeveloperFee(bought, bps);
  return { developerFee, credited: new D(bought).minus(developerFee) };
}

export function quoteDeposit(input: DepositQuoteInput): DepositQuote {
  const rate = depositRate(input.payoutRate);
  const bps = input.developerSpreadFeeBps;
  let source: D;
  if (input.sourceAmount !== undefined) {
    source = new D(input.sourceAmount);
  } else {
    const target = new D(input.targetAmount);
    // The smallest cent amount whose credit reaches the target: guess, then walk (the credit never falls as the
    // source grows, so the walk ends on the minimum).
    const grossed = target.div(new D(1).minus(new D(bps).div(10_000)));
    source = grossed.div(rate).toDecimalPlaces(FIAT_PLACES, Decimal.ROUND_UP);
    for (let step = 0; step < MAX_STEPS && credit(source, rate, bps).credited.lt(target); step++) {
      source = source.plus(CENT);
    }
    for (let step = 0; step < MAX_STEPS && source.gt(CENT); step++) {
      if (credit(source.minus(CENT), rate, bps).credited.lt(target)) break;
      source = source.minus(CENT);
    }
  }
  const { developerFee, credited } = credit(source, rate, bps);
  if (credited.lte(0)) {
    throw new FieldError(input.sourceAmount !== undefined ? 'source_amount' : 'target_amount', 'Amount buys no USDC');
  }
  return {
    sourceAmount: formatFiat(source),
    targetAmount: formatUsdc(credited),
    exchangeRate: rate,
    ...(bps > 0 ? { developerFee } : {}),
  };
}
