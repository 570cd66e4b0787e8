import { BankSchema } from '#shared/banks/bank-view.ts';
import { CustomerSchema } from '#shared/customers/schemas.ts';
import { BalanceSchema } from '#shared/ledger/schemas.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';
import { WalletSchema } from '#shared/wallets/schemas.ts';

/** The console's views: what the API answers, gathered for one page (requests and responses). */

export const CustomerOverviewSchema = z.object({
  customer: CustomerSchema,
  banks: z.array(BankSchema),
  wallets: z.array(WalletSchema),
  balance: BalanceSchema,
  transactions: z.array(TransactionResponseSchema),
  transactionsNextCursor: z.nullable(z.string()),
});
