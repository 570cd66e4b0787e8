import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getSandboxSettings } from '#shared/organizations/sandbox-settings.ts';
import { quoteWithdrawal } from '#shared/quotes/quote.ts';
import { needsReferenceRates, rateProviderFor } from '#shared/quotes/rates.ts';
import { getReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
import { type GetRateRequest, type Rate, UNSUPPORTED_PAIR } from '#shared/quotes/schemas.ts';

/**
 * An indicative quote (Compose's `GET /rates`) from the same engine, rates and fees a withdrawal made now gets:
 * the organization's fee schedule, the customer's developer fee (`customer_id`), and its rates (`rateProviderFor`: fixed, a sandbox organization's own, or the
 * ECB's with the organization's spread). A stale ECB rate is still shown: a withdrawal made now is quoted at it
 * and waits as PROPOSED (shared/quotes/README.md, "ECB reference rates").
 */
export async function getRate(deps: Deps, organization: Organization, query: GetRateRequest): Promise<Rate> {
  const target = query.target_currency;
  if (query.source_currency !== 'USDC' || (target !== 'EUR' && target !== 'USD')) {
    throw UNSUPPORTED_PAIR.error();
  }
  const [sandbox, reference, customer] = await Promise.all([
    organization.environment === 'sandbox' ? getSandboxSettings(deps.db, organization.organizationId) : undefined,
    needsReferenceRates(deps.config, organization) ? getReferenceRates(deps.db) : undefined,
    query.customer_id === undefined ? undefined : requireCustomer(deps, organization.organizationId, query.customer_id),
  ]);
  const developerSpreadFeeBps = customer?.developerSpreadFeeBps ?? 0;
  const amount =
    query.source_amount !== undefined
      ? { sourceAmount: query.source_amount }
      : { targetAmount: query.target_amount as string };
  const quote = quoteWithdrawal({
    fees: { ...organization.fees, developerSpreadFeeBps },
    exchangeRate: rateProviderFor(deps.config, { organization, sandbox, reference, now: deps.clock.now() }).rateFor(
      target,
    ).rate,
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
    developer_fee:
      quote.developerFee === undefined ? null : { amount: quote.developerFee, currency: 'USDC', developerSpreadFeeBps },
  };
}
