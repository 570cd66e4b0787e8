import { approvalView } from '#shared/console/approvals/approval-rules.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { customerNames } from '#shared/console/common/customer-names.ts';
import type { Deps } from '#shared/deps.ts';
import { allowanceWindow } from '#shared/ledger/allowance.ts';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { listAwaitingSignaturesOfOrganization } from '#shared/transactions/transaction-repository.ts';

export const PENDING_LIST_LIMIT = 200;

/**
 * The organization's withdrawals awaiting signatures, oldest first, each with what a member decides on: the
 * customer's name, the customer's available balance now and after this payout, and why it waits as things stand
 * now (over the API allowance, over the balance). A payout the balance does not cover cannot be paid, however many
 * sign it: `balance.covers` false says so before the first signature.
 */
export async function listPendingWithdrawals(deps: Deps, actor: ConsoleActor, limit = PENDING_LIST_LIMIT) {
  const { organization } = actor;
  const organizationId = organization.organizationId;
  const [pending, usage] = await Promise.all([
    listAwaitingSignaturesOfOrganization(deps.db, organizationId, limit),
    getAllowanceUsage(deps.db, organizationId),
  ]);
  const customers = [...new Set(pending.map((transaction) => transaction.customerId))];
  const [names, balances] = await Promise.all([
    customerNames(deps.db, organizationId, pending),
    Promise.all(customers.map((id) => getBalance(deps.db, organizationId, id))).then(
      (states) => new Map(customers.map((id, i) => [id, states[i]])),
    ),
  ]);
  const allowance = allowanceWindow(organization.allowance, usage, deps.clock.now());
  return pending.map((transaction) => {
    const amount = toMicro(transaction.sourceAmount);
    const available = balances.get(transaction.customerId)?.available ?? 0n;
    const waitsBecause: ('allowance' | 'balance')[] = [];
    if (amount > allowance.available) waitsBecause.push('allowance');
    if (amount > available) waitsBecause.push('balance');
    return {
      ...approvalView(organization, transaction),
      batchId: transaction.batchId ?? null,
      customerName: names.get(transaction.customerId) ?? null,
      createdBy: transaction.createdBy
        ? { apiKeyId: transaction.createdBy.apiKeyId, hint: transaction.createdBy.hint }
        : null,
      exchangeRate: transaction.exchangeRate,
      bic: transaction.withdrawalBank?.bic ?? null,
      waitsBecause,
      allowanceAvailable: formatMicro(allowance.available),
      balance: {
        available: formatMicro(available),
        after: amount <= available ? formatMicro(available - amount) : null,
        covers: amount <= available,
      },
    };
  });
}
