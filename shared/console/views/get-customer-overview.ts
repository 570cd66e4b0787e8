import { listBanks } from '#shared/banks/list-banks.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { toCustomer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { getCustomerBalance } from '#shared/ledger/get-customer-balance.ts';
import { MAX_LIMIT } from '#shared/routing/schemas.ts';
import { listTransactions } from '#shared/transactions/list-transactions.ts';
import { listWallets } from '#shared/wallets/list-wallets.ts';

/** The first page of transactions the overview shows; the rest through the API's list and its cursor. */
export const OVERVIEW_TRANSACTIONS = 20;

/**
 * One customer's page in the console: the customer with its KYC, banks, wallets, USDC balance and first page of
 * transactions, each exactly as its API operation answers it (the same use cases), read in parallel. Each read
 * checks the customer (a few GetItems more than needed) so that all five agree on "not found".
 */
export async function getCustomerOverview(deps: Deps, input: { organizationId: string; customerId: string }) {
  const [customer, banks, { items: wallets }, balance, transactions] = await Promise.all([
    requireCustomer(deps, input.organizationId, input.customerId),
    listBanks(deps, { ...input, limit: MAX_LIMIT }),
    listWallets(deps, { ...input, limit: MAX_LIMIT }),
    getCustomerBalance(deps, input),
    listTransactions(deps, { ...input, limit: OVERVIEW_TRANSACTIONS }),
  ]);
  return {
    customer: toCustomer(customer),
    banks: banks.items,
    wallets,
    balance,
    transactions: transactions.items,
    transactionsNextCursor: transactions.nextCursor ?? null,
  };
}
