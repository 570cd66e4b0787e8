import type { Deps } from '#shared/deps.ts';
import type { Balances } from '#shared/developer-fees/schemas.ts';
import { getOrganizationLedger } from '#shared/ledger/organization-ledger-repository.ts';
import { formatMicro } from '#shared/money/micro.ts';

/**
 * Compose's `GET /balances`: the organization's own USDC. Custodial: what the service holds for it (its claimed
 * developer fees; customers' balances are theirs, not the organization's). Non-custodial: the service keeps no
 * wallet the organization controls, so none is reported.
 */
export async function getBalances(deps: Deps, organizationId: string): Promise<Balances> {
  const { balance } = await getOrganizationLedger(deps.db, organizationId);
  return {
    custodial: {
      balances: [
        {
          currency: 'usdc',
          balance: formatMicro(balance.available + balance.locked),
          availableBalance: formatMicro(balance.available),
          lockedBalance: formatMicro(balance.locked),
        },
      ],
    },
    nonCustodial: { address: null, balances: [] },
  };
}
