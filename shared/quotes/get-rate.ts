import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError } from '#shared/errors.ts';
import { MAX_FIAT_DECIMALS } from '#shared/money/amounts.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getSandboxSettings } from '#shared/organizations/sandbox-settings.ts';
import { quoteWithdrawal } from '#shared/quotes/quote.ts';
import { quoteDeposit } from '#shared/quotes/quote-deposit.ts';
import { needsReferenceRates, rateProviderFor } from '#shared/quotes/rates.ts';
import { getReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
import { type GetRateRequest, type Rate, UNSUPPORTED_PAIR } from '#shared/quotes/schemas.ts';

/** A fiat side of the quote has cents at most (the schema lets amounts reach USDC's 6 places). */
function fiatAmount(field: 'source_amount' | 'target_amount', amount: string | undefined): string | undefined {
  if (amount !== undefined && (amount.split('.')[1]?.length ?? 0) > MAX_FIAT_DECIMALS) {
    throw new FieldError(field, `Must be a decimal string with at most ${MAX_FIAT_DECIMALS} decimal places`);
  }
  return amount;
}

/**
 * An indicative quote (Compose's `GET /rates`) from the same engine, rates and fees a withdrawal made now gets:
 * the organization's fee schedule, the customer's developer fee (`customer_id`), and its rates (`rateProviderFor`: fixed, a sandbox organization's own, or the
 * ECB's with the organization's spread). A stale ECB rate is still shown: a withdrawal made now is quoted at it
 * and waits as PROPOSED (shared/quotes/README.md, "ECB reference rates"). Fiat to USDC (the on-ramp): the inverse
 * of the same rate, with the customer's developer fee as a deposit keeps it (`quote-deposit.ts`).
 */
export async function getRate(deps: Deps, organization: Organization, query: GetRateRequest): Promise<Rate> {
  const { source_currency: source, target_currency: target } = query;
  const isFiat = (currency: string): currency is 'EUR' | 'USD' => currency === 'EUR' || currency === 'USD';
  const onRamp = target === 'USDC' && isFiat(source);
  const fiat = onRamp ? source : target;
  if (!isFiat(fiat) || (!onRamp && source !== 'USDC')) throw UNSUPPORTED_PAIR.error();
  const [sandbox, reference, customer] = await Promise.all([
    organization.environment === 'sandbox' ? getSandboxSettings(deps.db, organization.organizationId) : undefined,
    needsReferenceRates(deps.config, organization) ? getReferenceRates(deps.db) : undefined,
    query.customer_id === undefined ? undefined : requireCustomer(deps, organization.organizationId, query.customer_id),
  ]);
  const developerSpreadFeeBps = customer?.developerSpreadFeeBps ?? 0;
  const rate = rateProviderFor(deps.config, { organization, sandbox, reference, now: deps.clock.now() }).rateFor(
    fiat,
  ).rate;
  const developerFee = (amount: string | undefined) =>
    amount === undefined ? null : { amount, currency: 'USDC' as const, developerSpreadFeeBps };
  if (onRamp) {
    const quote = quoteDeposit({
      payoutRate: rate,
      developerSpreadFeeBps,
      ...(query.source_amount !== undefined
        ? { sourceAmount: fiatAmount('source_amount', query.source_amount) as string }
        : { targetAmount: query.target_amount as string }),
    });
    return {
      source_currency: fiat,
      target_currency: 'USDC',
      source_amount: quote.sourceAmount,
      target_amount: quote.targetAmount,
      exchange_rate: quote.exchangeRate,
      fee: '0.00',
      fee_currency: 'USDC',
      developer_fee: developerFee(quote.developerFee),
    };
  }
  const amount =
    query.source_amount !== undefined
      ? { sourceAmount: query.source_amount }
      : { targetAmount: fiatAmount('target_amount', query.target_amount) as string };
  const quote = quoteWithdrawal({
    fees: { ...organization.fees, developerSpreadFeeBps },
    exchangeRate: rate,
    maxSourceAmount: deps.config.withdrawals.maxAmountUsdc,
    ...amount,
  });
  return {
    source_currency: 'USDC',
    target_currency: target,
    source_amount: quote.sourceAmount,
    target_amount: quote.targetAmount,
    exchange_rate: quote.exchangeRate,
    fee: quote.fee,
    fee_currency: 'USDC',
    developer_fee: developerFee(quote.developerFee),
  };
}
