import { changeCustomer } from '#shared/customers/change-customer.ts';
import type { KycLevel } from '#shared/customers/records.ts';
import type { Customer } from '#shared/customers/schemas.ts';
import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';

/**
 * The KYC provider (its webhook, or the sandbox route standing in for it) moves the customer to another level
 * (`kyc.levelName`), with Compose's `customer.kyc.level_changed {customer_id, previous_level, new_level}`. The level
 * it is at changes nothing. `alongside`: items written with the change (the provider event's receipt).
 */
export function changeKycLevel(
  deps: Deps,
  input: { organizationId: string; customerId: string; levelName: KycLevel; alongside?: Alongside },
): Promise<Customer> {
  return changeCustomer(deps, input, (customer, now) =>
    customer.kycLevel === input.levelName
      ? undefined
      : {
          changes: { kycLevel: input.levelName },
          event: eventRecord({
            organizationId: input.organizationId,
            type: 'customer.kyc.level_changed',
            data: { customer_id: customer.customerId, previous_level: customer.kycLevel, new_level: input.levelName },
            now,
          }),
          alongside: input.alongside?.(customer.customerId) ?? [],
        },
  );
}
