import { applyKycVerdict, statedIdentity } from '#shared/customers/apply-kyc-verdict.ts';
import type { Address } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Customer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';

/** The sample identity a sandbox KYC approval uses when the caller gives none. */
export const SANDBOX_SAMPLE_ADDRESS: Address = {
  addressLine1: 'Friedrichstraße 123',
  city: 'Berlin',
  country: 'DE',
  postalCode: '10117',
};

/**
 * Sandbox: stands in for the KYC provider's approval, with what the caller says was verified (defaults: the
 * customer's name, its address on file or the sample one, the address's country as nationality). A corporate is
 * approved as a company registered under the verified name in the address's country.
 */
export async function approveKyc(
  deps: Deps,
  input: {
    organizationId: string;
    customerId: string;
    verifiedName?: string;
    address?: Address;
    nationality?: string;
    dateOfBirth?: string;
    registrationNumber?: string;
  },
): Promise<Customer> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  const address = input.address ?? customer.address ?? SANDBOX_SAMPLE_ADDRESS;
  return applyKycVerdict(deps, {
    organizationId: input.organizationId,
    customerId: input.customerId,
    verdict: {
      answer: 'APPROVED',
      identity: statedIdentity(customer, {
        name: input.verifiedName ?? customer.name,
        address,
        nationality: input.nationality ?? address.country,
        dateOfBirth: input.dateOfBirth ?? null,
        registrationNumber: input.registrationNumber ?? null,
      }),
    },
  });
}
