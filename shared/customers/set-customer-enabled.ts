import { CustomerStateChangedError, updateCustomerFields } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import { retryOnConflict } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';

const MAX_DECISIONS = 5;

/**
 * `POST /customers/{customerId}/disable` and `/enable`: stops or resumes new business with the customer (banks,
 * deposit details, virtual accounts, withdrawals; `customer-rules.ts`), with `customer.disabled` (its `reason` when
 * given) or `customer.enabled`. Asking for the state the customer is in changes nothing and sends nothing.
 */
export async function setEnabled(
  deps: Deps,
  input: { organizationId: string; customerId: string; enabled: boolean; reason?: string | undefined },
): Promise<Customer> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const customer = await requireCustomer(deps, input.organizationId, input.customerId);
    if (customer.enabled === input.enabled) return toCustomer(customer);
    const now = deps.clock.now();
    const event = eventRecord({
      organizationId: input.organizationId,
      type: input.enabled ? 'customer.enabled' : 'customer.disabled',
      data: { customer_id: customer.customerId, ...(input.reason ? { reason: input.reason } : {}) },
      now,
    });
    try {
      return toCustomer(
        await retryOnConflict(() =>
          updateCustomerFields(deps.db, { customer, changes: { enabled: input.enabled }, now, event }),
        ),
      );
    } catch (error) {
      if (!(error instanceof CustomerStateChangedError)) throw error;
    }
  }
  throw new ConflictError('Customer changed concurrently, please retry');
}
