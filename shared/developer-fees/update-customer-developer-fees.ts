import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { setDeveloperSpreadFee } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { toCustomerDeveloperFees } from '#shared/developer-fees/get-customer-developer-fees.ts';
import type { CustomerDeveloperFees } from '#shared/developer-fees/schemas.ts';

/**
 * Compose's `PATCH /customers/{id}/developer-fees`: sets the customer's rate. It applies to transactions made from
 * now on; each transaction keeps the rate it was made with (its `developerFee`).
 */
export async function updateCustomerDeveloperFees(
  deps: Deps,
  input: { organizationId: string; customerId: string; developerSpreadFeeBps: number },
): Promise<CustomerDeveloperFees> {
  const customer = await setDeveloperSpreadFee(deps.db, { ...input, now: deps.clock.now() });
  if (!customer) throw CUSTOMER_NOT_FOUND.error();
  return toCustomerDeveloperFees(customer);
}
