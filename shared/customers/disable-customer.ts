import type { Customer } from '#shared/customers/schemas.ts';
import { setEnabled } from '#shared/customers/set-customer-enabled.ts';
import type { Deps } from '#shared/deps.ts';

/** `POST /customers/{customerId}/disable`: stops new business with the customer, with the reason when given. */
export const disableCustomer = (
  deps: Deps,
  input: { organizationId: string; customerId: string; reason?: string | undefined },
): Promise<Customer> => setEnabled(deps, { ...input, enabled: false });
