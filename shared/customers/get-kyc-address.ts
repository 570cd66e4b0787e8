import { KYC_REQUIRED_FOR_ADDRESS } from '#shared/customers/customer-rules.ts';
import type { Address } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';

export async function getKycAddress(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<Address> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus !== 'APPROVED' || !customer.address) {
    throw KYC_REQUIRED_FOR_ADDRESS.error();
  }
  return customer.address;
}
