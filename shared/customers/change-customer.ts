import { CUSTOMER_CHANGED_CONCURRENTLY } from '#shared/customers/customer-rules.ts';
import { holdVerifiedCustomer } from '#shared/customers/hold-kyc-for-screening.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { type CustomerChanges, CustomerStateChangedError, updateCustomerFields } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import { type GuardedItem, retryOnConflict } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';
import type { ScreeningHit } from '#shared/screening/records.ts';

const MAX_DECISIONS = 5;

/**
 * What a change of a customer's own fields writes: the fields and the event that says so; with `held`, a verified
 * customer's new name hit a sanctions list and the change also holds the customer for review.
 */
export type CustomerChange = {
  changes: CustomerChanges;
  event: EventRecord;
  held?: { screened: string; hit: ScreeningHit };
  /** Other areas' items written with it (a provider event's receipt); a failed guard of one is theirs to read. */
  alongside?: readonly GuardedItem<string>[];
};

/**
 * The one way a customer's own fields change (profile, enabled, KYC level): read the customer, `decide` the change
 * (undefined: nothing to change, nothing written, no event), write it with its event conditional on the version
 * read; a concurrent change of the customer makes it read and decide again.
 */
export async function changeCustomer(
  deps: Deps,
  where: { organizationId: string; customerId: string },
  decide: (customer: CustomerRecord, now: Date) => CustomerChange | undefined,
): Promise<Customer> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const customer = await requireCustomer(deps, where.organizationId, where.customerId);
    const now = deps.clock.now();
    const change = decide(customer, now);
    if (!change) return toCustomer(customer);
    try {
      if (change.held) {
        const { held, changes, event } = change;
        const alongside = [{ role: 'event', item: eventPut(deps.db, event) }, ...(change.alongside ?? [])];
        return toCustomer(await holdVerifiedCustomer(deps, { customer, ...held, now, changes, alongside }));
      }
      return toCustomer(await retryOnConflict(() => updateCustomerFields(deps.db, { customer, ...change, now })));
    } catch (error) {
      if (!(error instanceof CustomerStateChangedError)) throw error;
    }
  }
  throw CUSTOMER_CHANGED_CONCURRENTLY.error();
}
