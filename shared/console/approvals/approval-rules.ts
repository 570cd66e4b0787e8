import { bindingOf } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { locate, TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

export const AWAITING = ['PROPOSED', 'PARTIALLY_SIGNED'] as const;

/** A withdrawal of the organization, read now (strongly consistent), with its locator. */
export async function readWithdrawal(deps: Deps, organizationId: string, transactionId: string) {
  const locator = await locate(deps, organizationId, transactionId);
  const transaction = await getTransactionOfCustomer(deps.db, organizationId, locator.customerId, transactionId);
  if (transaction?.type !== 'WITHDRAWAL') throw TRANSACTION_NOT_FOUND.error();
  return { locator, transaction };
}

export function assertAwaitingSignatures(transaction: TransactionRecord) {
  if (!(AWAITING as readonly string[]).includes(transaction.status)) {
    throw new ConflictError(
      `Withdrawal is ${transaction.status}; it can be signed only while PROPOSED or PARTIALLY_SIGNED`,
    );
  }
}

/** What the console shows of a withdrawal awaiting signatures: what is paid to whom, and who signed. */
export function approvalView(organization: Organization, transaction: TransactionRecord) {
  const binding = bindingOf(transaction);
  return {
    id: transaction.transactionId,
    reference: transaction.reference,
    customerId: transaction.customerId,
    status: transaction.status,
    createdAt: transaction.createdAt,
    sourceAmount: transaction.sourceAmount,
    fee: transaction.fee,
    amount: binding.amount,
    currency: binding.currency,
    beneficiary: binding.beneficiary,
    account: binding.account,
    approvals: transaction.approvals,
    requiredApprovals: organization.requiredApprovals,
  };
}
