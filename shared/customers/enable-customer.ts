import type { Customer } from '#shared/customers/schemas.ts';
import { setEnabled } from '#shared/customers/set-customer-enabled.ts';
import type { Deps } from '#shared/deps.ts';

/** `POST /customers/{customerId}/enable`: resumes new business with the customer. */
export const enableCustomer = (deps: Deps, input: { organizationId: string; customerId: string }): Promise<Customer> =>
  setEnabled(deps, { ...input, enabled: true });
