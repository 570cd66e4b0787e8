import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Page } from '#shared/db/pagination.ts';
import { listVirtualAccountsOfCustomer } from '#shared/deposits/virtual-account-repository.ts';
import type { Where } from '#shared/deposits/virtual-account-rules.ts';
import { toVirtualAccount, type VirtualAccount } from '#shared/deposits/virtual-account-view.ts';
import type { Deps } from '#shared/deps.ts';

export async function listVirtualAccounts(
  deps: Deps,
  input: Where & { limit: number; cursor?: string | undefined },
): Promise<Page<VirtualAccount>> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const page = await listVirtualAccountsOfCustomer(deps.db, input.organizationId, input.customerId, input);
  return { items: page.items.map(toVirtualAccount), nextCursor: page.nextCursor };
}
