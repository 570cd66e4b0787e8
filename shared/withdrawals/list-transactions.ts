import { requireCustomer } from '#shared/customers/create-customer.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { NotFoundError } from '#shared/errors.ts';
import { formatMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/organization.ts';
import { allowanceWindow } from '#shared/withdrawals/allowance.ts';
import { getAllowanceUsage, getBalance } from '#shared/withdrawals/balance-repository.ts';
import { toTransaction } from '#shared/withdrawals/records.ts';
import type {
  Allowance,
  Balance,
  Transaction,
  TransactionStatus,
  TransactionType,
} from '#shared/withdrawals/schemas.ts';
import { getTransactionOfCustomer, listTransactionsOfCustomer } from '#shared/withdrawals/transaction-repository.ts';
import { cancelWithdrawal } from '#shared/withdrawals/transitions.ts';

/** The customer-facing reads and the cancel route. Every read of a path resource checks the customer first. */

type CustomerTransaction = { organizationId: string; customerId: string; transactionId: string };

export async function requireTransaction(deps: Deps, input: CustomerTransaction) {
  const [, transaction] = await Promise.all([
    requireCustomer(deps, input.organizationId, input.customerId),
    getTransactionOfCustomer(deps.db, input.organizationId, input.customerId, input.transactionId),
  ]);
  if (!transaction) throw new NotFoundError('Transaction not found');
  return transaction;
}

export async function getTransaction(deps: Deps, input: CustomerTransaction): Promise<Transaction> {
  return toTransaction(await requireTransaction(deps, input));
}

export async function listTransactions(
  deps: Deps,
  input: {
    organizationId: string;
    customerId: string;
    limit: number;
    cursor?: string | undefined;
    type?: TransactionType | undefined;
    status?: TransactionStatus | undefined;
  },
): Promise<Page<Transaction>> {
  const { organizationId, customerId, ...query } = input;
  const [, page] = await Promise.all([
    requireCustomer(deps, organizationId, customerId),
    listTransactionsOfCustomer(deps.db, organizationId, customerId, query),
  ]);
  return { items: page.items.map(toTransaction), nextCursor: page.nextCursor };
}

/** `POST .../transactions/{id}/cancel`: only while it awaits signatures (409 otherwise). */
export async function cancelTransaction(deps: Deps, input: CustomerTransaction): Promise<Transaction> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  return toTransaction(await cancelWithdrawal(deps, input, { trigger: 'cancel', by: 'api' }));
}

export async function getCustomerBalance(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<Balance> {
  const [, balance] = await Promise.all([
    requireCustomer(deps, input.organizationId, input.customerId),
    getBalance(deps.db, input.organizationId, input.customerId),
  ]);
  return {
    customerId: input.customerId,
    currency: 'usdc',
    balance: formatMicro(balance.available + balance.locked),
    availableBalance: formatMicro(balance.available),
    lockedBalance: formatMicro(balance.locked),
  };
}

/** The allowance as of now: an elapsed period shows as the new, untouched one (its first use will store it). */
export async function getAllowance(deps: Deps, organization: Organization): Promise<Allowance> {
  const usage = await getAllowanceUsage(deps.db, organization.organizationId);
  return allowanceView(organization, allowanceWindow(organization.allowance, usage, deps.clock.now()));
}

export function allowanceView(organization: Organization, window: ReturnType<typeof allowanceWindow>): Allowance {
  return {
    enabled: organization.features.apiWithdrawals,
    allowance: {
      limit: formatMicro(window.limit),
      spent: formatMicro(window.spent),
      available: formatMicro(window.available),
      resetPeriodMinutes: organization.allowance.resetPeriodMinutes,
      nextResetAt: window.nextResetAt,
    },
  };
}
