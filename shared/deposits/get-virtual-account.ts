import { requireCustomer } from '#shared/customers/require-customer.ts';
import { getVirtualAccountOfCustomer } from '#shared/deposits/virtual-account-repository.ts';
import { VIRTUAL_ACCOUNT_NOT_FOUND, type Where } from '#shared/deposits/virtual-account-rules.ts';
import { toVirtualAccount, type VirtualAccount } from '#shared/deposits/virtual-account-view.ts';
import type { Deps } from '#shared/deps.ts';
import { UUID_PATTERN } from '#shared/ids.ts';

/**
 * Compose's poll (`GET /customers/{customerId}/virtual-account?virtualAccountId=`): the named account, with the
 * holder's address KYC held when it was requested. The customer is checked first; an id that is not ours is not found.
 */
export async function getVirtualAccount(
  deps: Deps,
  input: Where & { virtualAccountId: string },
): Promise<VirtualAccount> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const { virtualAccountId } = input;
  const account = UUID_PATTERN.test(virtualAccountId)
    ? await getVirtualAccountOfCustomer(deps.db, input.organizationId, input.customerId, virtualAccountId)
    : undefined;
  if (!account) throw VIRTUAL_ACCOUNT_NOT_FOUND.error();
  return toVirtualAccount(account);
}
