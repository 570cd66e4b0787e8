import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { type SandboxSettings, setSandboxRates } from '#shared/withdrawals/balance-repository.ts';
import { rateProviderFor } from '#shared/withdrawals/rates.ts';
import type { ExchangeRates } from '#shared/withdrawals/sandbox-schemas.ts';

/** `POST /sandbox/exchange-rates`: this organization's fixed sandbox rates (bank-currency units per USDC). */
export async function setExchangeRates(
  deps: Deps,
  organization: Organization,
  rates: Partial<ExchangeRates>,
): Promise<{ rates: ExchangeRates }> {
  const settings: SandboxSettings = await setSandboxRates(
    deps.db,
    organization.organizationId,
    rates,
    deps.clock.now().toISOString(),
  );
  const provider = rateProviderFor(deps.config, { organization, sandbox: settings, now: deps.clock.now() });
  return { rates: { EUR: provider.rateFor('EUR').rate, USD: provider.rateFor('USD').rate } };
}
