import { changeCustomer } from '#shared/customers/change-customer.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import type { CustomerChanges } from '#shared/customers/repository.ts';
import type { Customer, UpdateCustomerInput } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { screenName } from '#shared/screening/screen.ts';

/** The profile fields `customer.updated` names, in the order it names them. */
const PROFILE_FIELDS = ['name', 'email', 'expectedMonthlyVolume'] as const;

/** The fields whose value the request changes (sending a field's current value changes nothing). */
function changesOf(
  customer: CustomerRecord,
  input: UpdateCustomerInput,
): Pick<CustomerChanges, (typeof PROFILE_FIELDS)[number]> {
  const changes: CustomerChanges = {};
  if (input.name !== undefined && input.name !== customer.name) changes.name = input.name;
  if (input.email !== undefined && input.email !== customer.email) changes.email = input.email;
  if (input.expectedMonthlyVolume !== undefined && input.expectedMonthlyVolume !== customer.expectedMonthlyVolume) {
    changes.expectedMonthlyVolume = input.expectedMonthlyVolume;
  }
  return changes;
}

/**
 * `PATCH /customers/{customerId}`: the profile fields Compose's `customer.updated` names (name, e-mail, expected
 * monthly volume). What really changed is written with `customer.updated {customerId, changedFields}` in one
 * transaction; a request that changes nothing writes nothing and sends no event. The KYC-verified name is not the
 * profile's: withdrawal banks keep matching `verifiedName`. A new name is screened: a verified customer whose new
 * name hits a sanctions list is `PENDING` in review with a hold, in the same transaction.
 */
export async function updateCustomer(
  deps: Deps,
  input: UpdateCustomerInput & { organizationId: string; customerId: string },
): Promise<Customer> {
  const hit = input.name === undefined ? undefined : await screenName(deps, input.name);
  return changeCustomer(deps, input, (customer, now) => {
    const changes = changesOf(customer, input);
    const changedFields = PROFILE_FIELDS.filter((field) => field in changes);
    if (changedFields.length === 0) return undefined;
    // A verified customer renamed to a listed name waits for review as at verification; before it, the verified
    // name is screened at the approval.
    const held =
      hit && changes.name !== undefined && customer.kycStatus === 'APPROVED'
        ? { screened: changes.name, hit }
        : undefined;
    return {
      ...(held ? { held } : {}),
      changes,
      event: eventRecord({
        organizationId: input.organizationId,
        type: 'customer.updated',
        // Compose's demo sends this one event's data in camelCase.
        data: { customerId: customer.customerId, changedFields },
        now,
      }),
    };
  });
}
