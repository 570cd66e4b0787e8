import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';

/** The customer of this organization, or the contract's 404: another organization's customer is a missing one. */
export async function requireCustomer(deps: Deps, organizationId: string, customerId: string): Promise<CustomerRecord> {
  const customer = await getCustomer(deps.db, organizationId, customerId);
  if (!customer) throw CUSTOMER_NOT_FOUND.error();
  return customer;
}
