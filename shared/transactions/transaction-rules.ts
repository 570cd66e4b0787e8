import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { findTransactionPointer } from '#shared/transactions/transaction-repository.ts';

/**
 * A customer's transaction: what the customer-facing reads and the cancel route name (every read of a path
 * resource checks the customer first), and what `locate` finds.
 */
export type CustomerTransaction = { organizationId: string; customerId: string; transactionId: string };

/**
 * The sandbox's stand-ins for the outside world (API.md section 10) and the operator's approvals (section 12).
 * They change state only through the same transitions and ledger writes the live paths use.
 */
export type SandboxTransaction = { organization: Organization; transactionId: string };

export const TRANSACTION_NOT_FOUND = refusal(404, 'Transaction not found');

/** A transaction of this organization by id alone, through its pointer; another organization's is not found. */
export async function locate(deps: Deps, organizationId: string, transactionId: string): Promise<CustomerTransaction> {
  const pointer = await findTransactionPointer(deps.db, organizationId, transactionId);
  if (!pointer) throw TRANSACTION_NOT_FOUND.error();
  return pointer;
}
