import type { Deps } from '#shared/deps.ts';
import type { OrganizationDeveloperFees } from '#shared/developer-fees/schemas.ts';
import { getOrganizationLedger } from '#shared/ledger/organization-ledger-repository.ts';
import { formatMicro } from '#shared/money/micro.ts';

/** Compose's `GET /developer-fees`: the organization's accrued fees not yet claimed. */
export async function getDeveloperFees(deps: Deps, organizationId: string): Promise<OrganizationDeveloperFees> {
  const { fees } = await getOrganizationLedger(deps.db, organizationId);
  return {
    balance: formatMicro(fees.unclaimed),
    // A claim moves its amount in the transaction that makes it: none is ever under way.
    pendingClaims: formatMicro(0n),
    availableBalance: formatMicro(fees.unclaimed),
    currencyId: 'usdc_base',
    currency: 'usdc',
  };
}
