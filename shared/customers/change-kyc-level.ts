import type { KycLevel } from '#shared/customers/records.ts';
import { CustomerStateChangedError, updateCustomerFields } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import { retryOnConflict } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';

const MAX_DECISIONS = 5;

/**
 * Sandbox: the KYC provider moves the customer to another level (`kyc.levelName`), with Compose's
 * `customer.kyc.level_changed {customer_id, previous_level, new_level}`. The level it is at changes nothing.
 */
export async function changeKycLevel(
  deps: Deps,
  input: { organizationId: string; customerId: string; levelName: KycLevel },
): Promise<Customer> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const customer = await requireCustomer(deps, input.organizationId, input.customerId);
    if (customer.kycLevel === input.levelName) return toCustomer(customer);
    const now = deps.clock.now();
    const event = eventRecord({
      organizationId: input.organizationId,
      type: 'customer.kyc.level_changed',
      data: { customer_id: customer.customerId, previous_level: customer.kycLevel, new_level: input.levelName },
      now,
    });
    try {
      const changes = { kycLevel: input.levelName };
      return toCustomer(await retryOnConflict(() => updateCustomerFields(deps.db, { customer, changes, now, event })));
    } catch (error) {
      if (!(error instanceof CustomerStateChangedError)) throw error;
    }
  }
  throw new ConflictError('Customer changed concurrently, please retry');
}
