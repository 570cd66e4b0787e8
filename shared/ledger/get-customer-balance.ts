import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import type { Balance } from '#shared/ledger/schemas.ts';
import { formatMicro } from '#shared/money/micro.ts';

export async function getCustomerBalance(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<Balance> {
  const [, balance] = await Promise.all([
    requireCustomer(deps, input.organizationId, input.customerId),
    getBalance(deps.db, input.organizationId, input.customerId),
  ]);
  return {
    customerId: input.customerId,
    currency: 'usdc',
    balance: formatMicro(balance.available + balance.locked),
    availableBalance: formatMicro(balance.available),
    lockedBalance: formatMicro(balance.locked),
  };
}
