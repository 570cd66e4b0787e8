import { BankSchema } from '#shared/banks/bank-view.ts';
import { CustomerSchema } from '#shared/customers/schemas.ts';
import { BalanceSchema } from '#shared/ledger/schemas.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';
import { WalletSchema } from '#shared/wallets/schemas.ts';

/** The console's views: what the API answers, gathered for one page (requests and responses). */

/** The first example a schema carries (`.meta({ examples })`): the views are built of the API's own examples. */
const exampleOf = (schema: z.ZodMiniType): unknown =>
  (z.globalRegistry.get(schema)?.examples as unknown[] | undefined)?.[0];

export const CustomerOverviewSchema = z
  .object({
    customer: CustomerSchema,
    banks: z
      .array(BankSchema)
      .check(docMeta(OPENAPI_PROSE && { description: "The customer's withdrawal banks, newest first (up to 200)" })),
    wallets: z
      .array(WalletSchema)
      .check(docMeta(OPENAPI_PROSE && { description: "The customer's wallets, newest first" })),
    balance: BalanceSchema,
    transactions: z
      .array(TransactionResponseSchema)
      .check(docMeta(OPENAPI_PROSE && { description: 'The first page, newest first' })),
    transactionsNextCursor: z.nullable(z.string()).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'Where the next page of transactions starts: `GET /api/v2/customers/{customerId}/transactions?cursor=...`',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleCustomerOverview',
        examples: [
          {
            customer: exampleOf(CustomerSchema),
            banks: [exampleOf(BankSchema)],
            wallets: [exampleOf(WalletSchema)],
            balance: exampleOf(BalanceSchema),
            transactions: [exampleOf(TransactionResponseSchema)],
            transactionsNextCursor: null,
          },
        ],
      },
    ),
  );
