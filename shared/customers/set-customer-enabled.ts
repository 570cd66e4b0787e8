import { changeCustomer } from '#shared/customers/change-customer.ts';
import type { Customer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';

/**
 * `POST /customers/{customerId}/disable` and `/enable`: stops or resumes new business with the customer (banks,
 * deposit details, virtual accounts, withdrawals; `customer-rules.ts`), with `customer.disabled` (its `reason` when
 * given) or `customer.enabled`. Asking for the state the customer is in changes nothing and sends nothing.
 */
export function setEnabled(
  deps: Deps,
  input: { organizationId: string; customerId: string; enabled: boolean; reason?: string | undefined },
): Promise<Customer> {
  return changeCustomer(deps, input, (customer, now) =>
    customer.enabled === input.enabled
      ? undefined
      : {
          changes: { enabled: input.enabled },
          event: eventRecord({
            organizationId: input.organizationId,
            type: input.enabled ? 'customer.enabled' : 'customer.disabled',
            data: { customer_id: customer.customerId, ...(input.reason ? { reason: input.reason } : {}) },
            now,
          }),
        },
  );
}
