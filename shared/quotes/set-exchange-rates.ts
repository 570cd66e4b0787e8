import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { ExchangeRates } from '#shared/organizations/sandbox-settings.ts';
import { type SandboxSettings, setSandboxRates } from '#shared/organizations/sandbox-settings.ts';
import { rateProviderFor } from '#shared/quotes/rates.ts';

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
