import type { CustomerRecord } from '#shared/customers/records.ts';
import { refusal } from '#shared/errors.ts';

export const CUSTOMER_NOT_FOUND = refusal(404, 'Customer not found');
export const KYC_REQUIRED = refusal(403, 'Customer KYC verification must be completed');
export const CUSTOMER_DISABLED = refusal(403, 'Customer is disabled');
/** A change of a customer's own fields lost every race with other changes of it (`change-customer.ts`). */
export const CUSTOMER_CHANGED_CONCURRENTLY = refusal(409, 'Customer changed concurrently, please retry');
export const KYC_REQUIRED_FOR_ADDRESS = refusal(403, `${KYC_REQUIRED.message} before retrieving address`);

/**
 * What every operation that starts new business with a customer needs (banks, deposit details, virtual accounts,
 * withdrawals): approved KYC, then the customer enabled (`POST .../disable` stops new business; reads go on, and
 * money already under way finishes).
 */
export function assertMayTransact(customer: Pick<CustomerRecord, 'kycStatus' | 'enabled'>): void {
  if (customer.kycStatus !== 'APPROVED') throw KYC_REQUIRED.error();
  if (!customer.enabled) throw CUSTOMER_DISABLED.error();
}
