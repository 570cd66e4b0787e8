import { changeKycStatusOrConflict, KYC_ALREADY_APPROVED, KYC_ALREADY_REJECTED } from '#shared/customers/kyc-rules.ts';
import { KYC_TRANSITIONS } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';

export async function rejectKyc(deps: Deps, input: { organizationId: string; customerId: string }): Promise<Customer> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus === 'APPROVED') throw KYC_ALREADY_APPROVED.error();
  if (customer.kycStatus === 'REJECTED') throw KYC_ALREADY_REJECTED.error();
  const now = deps.clock.now();
  const updated = await changeKycStatusOrConflict(deps, {
    customer,
    transition: KYC_TRANSITIONS.reject,
    review: { ends: true },
    now,
    event: eventRecord({
      organizationId: input.organizationId,
      type: KYC_TRANSITIONS.reject.event,
      data: { customer_id: customer.customerId },
      now,
    }),
  });
  return toCustomer(updated);
}
