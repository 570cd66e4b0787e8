import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';

/** `GET /customers/{customerId}`: the customer as the API shows it; another organization's is not found. */
export const getCustomer = async (
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<Customer> => toCustomer(await requireCustomer(deps, input.organizationId, input.customerId));
