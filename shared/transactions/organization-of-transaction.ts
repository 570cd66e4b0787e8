import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { findTransactionPointerById } from '#shared/transactions/transaction-repository.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/** Operator CLI: a transaction's organization by the transaction id alone. */
export async function organizationOfTransaction(deps: Deps, transactionId: string): Promise<Organization> {
  const pointer = await findTransactionPointerById(deps.db, transactionId);
  const organization = pointer && (await getOrganization(deps.db, pointer.organizationId));
  if (!organization) throw TRANSACTION_NOT_FOUND.error();
  return organization;
}
