import { BANK_EXAMPLE } from '#shared/banks/openapi-prose.ts';
import { CustomersBalanceSchema, HomeSchema } from '#shared/console/home-view-schemas.ts';
import { ReconciliationReportSchema, ReconciliationSchema } from '#shared/console/reconciliation-view-schemas.ts';
import {
  type ConsoleTransaction,
  ConsoleTransactionResponseSchema,
  ConsoleTransactionsQuery,
  ExportPageSchema,
  ExportQuery,
  MAX_EXPORT_PAGE,
  TransactionStorySchema,
} from '#shared/console/transaction-view-schemas.ts';
import { CustomerOverviewSchema } from '#shared/console/view-schemas.ts';
import { CUSTOMER_EXAMPLE } from '#shared/customers/openapi-prose.ts';
import { BALANCE_EXAMPLE } from '#shared/ledger/openapi-prose.ts';
import { type DescribedSchema, schemaProse } from '#shared/routing/prose.ts';
import { TRANSACTION_EXAMPLE } from '#shared/transactions/openapi-prose.ts';
import { DESTINATION_WALLET_EXAMPLE } from '#shared/wallets/openapi-prose.ts';

/** The API's transaction example, booked, as the console lists it: the list's rows add names to the API's object. */
const ROW_EXAMPLE: ConsoleTransaction = {
  ...TRANSACTION_EXAMPLE,
  status: 'COMPLETED',
  updatedAt: '2026-11-22T00:00:00.000Z',
  completedAt: '2026-11-22T00:00:00.000Z',
  customerName: 'Ada Lovelace',
  maskedAccount: 'DE89 … 3000',
};

const TX = TRANSACTION_EXAMPLE.id;

const AT = TRANSACTION_EXAMPLE.createdAt;

/** The OpenAPI words of the console's views schemas (spread into `openapi-prose.ts`). */
export const viewsSchemaProse: readonly DescribedSchema[] = [
  // The views are built of the API's own examples.
  schemaProse(CustomerOverviewSchema, {
    id: 'ConsoleCustomerOverview',
    examples: [
      {
        customer: CUSTOMER_EXAMPLE,
        banks: [BANK_EXAMPLE],
        wallets: [DESTINATION_WALLET_EXAMPLE],
        balance: BALANCE_EXAMPLE,
        transactions: [TRANSACTION_EXAMPLE],
        transactionsNextCursor: null,
      },
    ],
    shape: {
      banks: { description: "The customer's withdrawal banks, newest first (up to 200)" },
      wallets: { description: "The customer's wallets, newest first" },
      transactions: { description: 'The first page, newest first' },
      transactionsNextCursor: {
        description:
          'Where the next page of transactions starts: `GET /api/v2/customers/{customerId}/transactions?cursor=...`',
      },
    },
  }),
  schemaProse(HomeSchema, {
    id: 'ConsoleHome',
    examples: [
      {
        awaitingApproval: { count: 0, items: [] },
        inFlight: [
          {
            rail: 'SEPA',
            count: 1,
            items: [
              {
                id: '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c',
                reference: 'WD-7K3M-9QX2',
                customerName: 'Ada Lovelace',
                amount: '91.08',
                currency: 'EUR',
                rail: 'SEPA',
                status: 'PROCESSING',
                createdAt: '2026-11-21T10:00:00.000Z',
                settlesBy: '2026-11-21T10:00:03.000Z',
                reason: null,
              },
            ],
          },
        ],
        failed: [],
        volumes: [{ day: '2026-11-21', withdrawals: 1, usdc: '100.00' }],
        days: 14,
        balances: { organizationUsdc: '12.50' },
        needsOperator: { processingTooLong: [], quarantinedReports: [] },
      },
    ],
    shape: {
      inFlight: { description: 'PROCESSING payouts by rail, oldest first' },
      failed: { description: 'Payouts FAILED (rejected or returned) in the last days' },
      volumes: { description: 'Per UTC day of the last days: withdrawals made and their USDC' },
      balances: {
        shape: { organizationUsdc: { description: "The organization's own custodial USDC (claimed fees)" } },
      },
      needsOperator: {
        shape: {
          processingTooLong: { description: 'PROCESSING longer than the payout alarm allows' },
          quarantinedReports: { description: "Bank reports naming this organization's payouts, quarantined" },
        },
      },
    },
  }),
  schemaProse(CustomersBalanceSchema, {
    id: 'ConsoleCustomersBalance',
    examples: [
      {
        asOf: '2026-11-21T10:00:00.000Z',
        customers: 2,
        availableUsdc: '1480.00',
        lockedUsdc: '20.00',
        totalUsdc: '1500.00',
        nextCursor: null,
      },
    ],
    shape: {
      asOf: { description: 'When this page was read: the balances as they stood then' },
      customers: { description: 'Customers counted in this page' },
      availableUsdc: { description: "The page's customers' available USDC, summed" },
      lockedUsdc: { description: 'Their USDC reserved for payouts in flight, summed' },
      totalUsdc: { description: 'available + locked: what the organization holds for these customers' },
      nextCursor: {
        description: 'The next page of customers (the same call with `cursor=`); null: this was the last page',
      },
    },
  }),
  schemaProse(ReconciliationReportSchema, {
    shape: {
      facts: {
        element: {
          shape: {
            effect: {
              description: 'What the fact did (`skipped`: applied before); null when the report was quarantined',
            },
          },
        },
      },
      name: { description: "The report's file name in the bank channel" },
      kind: { description: '`pain.002`, `camt.054` or `nacha`' },
    },
  }),
  schemaProse(ReconciliationSchema, {
    id: 'ConsoleReconciliation',
    examples: [
      {
        reports: [
          {
            reportId: '0b9d7a52-3f0e-4a51-9c1e-6f2d8b7e1a40',
            name: 'camt054-20261126-0001.xml',
            kind: 'camt.054',
            receivedAt: '2026-11-26T10:02:11.000Z',
            outcome: 'applied',
            quarantineReason: null,
            facts: [
              {
                reference: 'WD-7K3M-9QX2',
                transactionId: '6f1c2a9e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
                effect: 'completed',
              },
            ],
          },
        ],
        nextCursor: null,
        awaitingReport: [],
      },
    ],
    shape: { awaitingReport: { description: 'Payouts PROCESSING in a payment file the bank has not reported on yet' } },
  }),
  schemaProse(ConsoleTransactionsQuery, {
    shape: {
      from: { description: 'Created at or after: a day (UTC) or a date-time with its zone' },
      to: {
        description:
          'Created before this date-time, or up to the end of this day (UTC): `to=2026-11-30` includes the 30th',
      },
      customerId: { description: "Only this customer's transactions" },
      rail: { description: 'Only payouts on this rail (any letter case)' },
      reference: { description: 'Only references containing this text, any letter case (`WD-7K3M`, `7k3m`)' },
    },
  }),
  schemaProse(ConsoleTransactionResponseSchema, {
    id: 'ConsoleTransaction',
    examples: [ROW_EXAMPLE],
    shape: {
      maskedAccount: {
        description: 'The account paid, masked: an IBAN as its country, check digits and last four; else the last four',
      },
      customerName: { description: "The customer's name" },
    },
  }),
  schemaProse(TransactionStorySchema, {
    id: 'ConsoleTransactionStory',
    examples: [
      {
        transaction: ROW_EXAMPLE,
        created: {
          at: AT,
          by: 'API key sk_sandbox_…x9Qa',
          apiKey: { id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70', hint: 'sk_sandbox_…x9Qa' },
        },
        approvals: [
          { approver: 'ada@example.com', name: 'Ada', approvedAt: '2026-11-21T10:05:00.000Z', passkeySigned: true },
        ],
        cancelled: null,
        paymentFile: {
          messageId: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c',
          fileName: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c.xml',
          status: 'ANSWERED',
          createdAt: '2026-11-21T10:10:00.000Z',
          payments: 12,
        },
        bank: { outcome: 'booked', at: '2026-11-22T00:00:00.000Z', reason: null },
        webhookDeliveries: [
          {
            id: 'b7c8d9e0-f1a2-4b3c-8d4e-5f6a7b8c9d0e',
            endpointUrl: 'https://hooks.example.com/payouts',
            eventType: 'withdrawal.status_changed',
            status: 'DELIVERED',
            attempts: 1,
            createdAt: '2026-11-22T00:00:01.000Z',
            lastAttemptAt: '2026-11-22T00:00:01.200Z',
            lastResponseStatus: 200,
          },
        ],
      },
    ],
    shape: {
      created: {
        shape: {
          by: { description: 'Who created it, in words' },
          apiKey: {
            description:
              'The API key that created it, as the keys page lists it; null for deposits and for withdrawals ' +
              'stored before the key was recorded',
          },
        },
      },
      approvals: {
        element: {
          shape: {
            name: { description: "The member's name, if a member" },
            passkeySigned: { description: "Signed with the member's passkey (false: by the operator)" },
          },
        },
      },
      bank: {
        description:
          "The bank's answer: `booked` (camt.054; `at` is the booking date), `rejected` or returned (`reason`)",
      },
    },
  }),
  schemaProse(ExportQuery, {
    shape: { limit: { description: `Rows per page, 1 to ${MAX_EXPORT_PAGE} (the default)` } },
  }),
  schemaProse(ExportPageSchema, {
    id: 'ConsoleTransactionExport',
    examples: [
      {
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-12-01T00:00:00.000Z',
        rows: [
          {
            reference: 'WD-7K3M-9QX2',
            transactionId: TX,
            type: 'WITHDRAWAL',
            status: 'COMPLETED',
            createdAt: AT,
            createdByApiKey: 'sk_sandbox_…x9Qa',
            createdByApiKeyId: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
            customerId: TRANSACTION_EXAMPLE.customerId,
            customerName: 'Ada Lovelace',
            beneficiary: 'Ada Lovelace',
            account: 'DE89 … 3000',
            bic: 'COBADEFFXXX',
            sourceAmount: '100.00',
            sourceCurrency: 'USDC',
            targetAmount: '91.08',
            targetCurrency: 'EUR',
            fee: '1.00',
            exchangeRate: '0.92',
            paymentRail: 'SEPA',
            paymentFileMessageId: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c',
            bookingDate: '2026-11-22',
            failureReason: null,
          },
        ],
        nextCursor: null,
      },
    ],
  }),
];
