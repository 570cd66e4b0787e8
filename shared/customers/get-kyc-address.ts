import type { Address } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { ForbiddenError } from '#shared/errors.ts';

export async function getKycAddress(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<Address> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus !== 'APPROVED' || !customer.address) {
    throw new ForbiddenError('Customer KYC verification must be completed before retrieving address');
  }
  return customer.address;
}
