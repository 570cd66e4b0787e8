import { holdKycOnSanctionsHit } from '#shared/customers/hold-kyc-for-screening.ts';
import { changeKycStatusOrConflict, KYC_ALREADY_APPROVED } from '#shared/customers/kyc-rules.ts';
import { type Address, KYC_TRANSITIONS } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';

/** The sample identity a sandbox KYC approval uses when the caller gives none. */
export const SANDBOX_SAMPLE_ADDRESS: Address = {
  addressLine1: 'Friedrichstraße 123',
  city: 'Berlin',
  country: 'DE',
  postalCode: '10117',
};

/** The KYC provider's verdict (sandbox: the sandbox routes; later: the provider callback). */
export async function approveKyc(
  deps: Deps,
  input: { organizationId: string; customerId: string; verifiedName?: string; address?: Address },
): Promise<Customer> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus === 'APPROVED') throw KYC_ALREADY_APPROVED.error();
  const now = deps.clock.now();
  const identity = {
    verifiedName: input.verifiedName ?? customer.name,
    address: input.address ?? customer.address ?? SANDBOX_SAMPLE_ADDRESS,
  };
  const held = await holdKycOnSanctionsHit(deps, customer, identity, now);
  if (held) return toCustomer(held);
  const updated = await changeKycStatusOrConflict(deps, {
    customer,
    transition: KYC_TRANSITIONS.approve,
    identity,
    review: { ends: true },
    now,
    event: eventRecord({
      organizationId: input.organizationId,
      type: KYC_TRANSITIONS.approve.event,
      data: { customer_id: customer.customerId },
      now,
    }),
  });
  return toCustomer(updated);
}
