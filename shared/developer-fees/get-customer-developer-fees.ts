import type { CustomerRecord } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import type { CustomerDeveloperFees } from '#shared/developer-fees/schemas.ts';

export const toCustomerDeveloperFees = (customer: CustomerRecord): CustomerDeveloperFees => ({
  customerId: customer.customerId,
  developerSpreadFeeBps: customer.developerSpreadFeeBps,
  updatedAt: customer.developerFeesUpdatedAt ?? customer.createdAt,
});

/** Compose's `GET /customers/{id}/developer-fees`: the customer's rate (0 until set). */
export async function getCustomerDeveloperFees(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<CustomerDeveloperFees> {
  return toCustomerDeveloperFees(await requireCustomer(deps, input.organizationId, input.customerId));
}
