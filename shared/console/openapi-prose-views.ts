import { BANK_EXAMPLE } from '#shared/banks/openapi-prose.ts';
import { CustomersBalanceSchema, HomeSchema } from '#shared/console/views/home-view-schemas.ts';
import {
  MovementSchema,
  ReconciliationQuery,
  ReconciliationReportSchema,
  ReconciliationSchema,
  ReconciliationTotalSchema,
} from '#shared/console/views/reconciliation-view-schemas.ts';
import {
  ConsoleRailsSchema,
  type ConsoleTransaction,
  ConsoleTransactionResponseSchema,
  ConsoleTransactionsQuery,
  ExportPageSchema,
  ExportQuery,
  MAX_EXPORT_PAGE,
  TransactionStorySchema,
} from '#shared/console/views/transaction-view-schemas.ts';
import { CustomerOverviewSchema } from '#shared/console/views/view-schemas.ts';
import { CUSTOMER_EXAMPLE } from '#shared/customers/openapi-prose.ts';
import { BALANCE_EXAMPLE } from '#shared/ledger/openapi-prose.ts';
import { ACH, FEDWIRE, SEPA } from '#shared/rails/bank/rail.ts';
import { type DescribedSchema, schemaProse } from '#shared/routing/prose.ts';
import { TRANSACTION_EXAMPLE } from '#shared/transactions/openapi-prose.ts';
import { TRANSACTION_STATUSES, type TransactionStatus } from '#shared/transactions/schemas.ts';
import { DESTINATION_WALLET_EXAMPLE } from '#shared/wallets/openapi-prose.ts';

/** The API's transaction example, booked, as the console lists it: the list's rows add names to the API's object. */
const ROW_EXAMPLE: ConsoleTransaction = {
  ...TRANSACTION_EXAMPLE,
  status: 'COMPLETED',
  updatedAt: '2026-11-22T00:00:00.000Z',
  completedAt: '2026-11-22T00:00:00.000Z',
  customerName: 'Ada Lovelace',
  maskedAccount: 'DE89 … 3000',
  payoutRail: { rail: SEPA, filed: true },
};

const TX = TRANSACTION_EXAMPLE.id;

const MOVEMENT_EXAMPLE = {
  reportId: '0b9d7a52-3f0e-4a51-9c1e-6f2d8b7e1a40',
  reportName: 'camt054-20261126-0001.xml',
  reportKind: 'camt.054',
  receivedAt: '2026-11-26T10:02:11.000Z',
  reference: 'WD-7K3M-9QX2',
  transactionId: '6f1c2a9e-8d3b-4c5a-9e7f-1a2b3c4d5e6f',
  customerName: 'Ada Lovelace',
  effect: 'booked',
  moneyMoved: true,
  amount: '91.08',
  currency: 'EUR',
  usdc: '100.00',
  rail: SEPA,
  bookingDate: '2026-11-26',
} as const;

const AT = TRANSACTION_EXAMPLE.createdAt;

const NO_STATUS = Object.fromEntries(TRANSACTION_STATUSES.map((status) => [status, 0])) as Record<
  TransactionStatus,
  number
>;

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
            rail: SEPA,
            count: 1,
            items: [
              {
                id: '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c',
                reference: 'WD-7K3M-9QX2',
                customerName: 'Ada Lovelace',
                amount: '91.08',
                currency: 'EUR',
                rail: SEPA,
                status: 'PROCESSING',
                createdAt: '2026-11-21T10:00:00.000Z',
                settlesBy: '2026-11-21T10:00:03.000Z',
                reason: null,
              },
            ],
          },
        ],
        failed: [],
        volumes: [
          {
            day: '2026-11-21',
            withdrawals: 1,
            usdc: '100.00',
            byStatus: { ...NO_STATUS, PROCESSING: 1, CANCELLED: 1 },
          },
        ],
        days: 14,
        balances: { organizationUsdc: '12.50', unclaimedFeesUsdc: '1.98' },
        needsOperator: { processingTooLong: [], quarantinedReports: [] },
      },
    ],
    shape: {
      awaitingApproval: {
        shape: {
          items: {
            element: {
              shape: { rail: { description: 'The rail its money goes by (`payoutRail` of the console list)' } },
            },
          },
        },
      },
      inFlight: { description: 'PROCESSING payouts by rail, oldest first' },
      failed: { description: 'Payouts FAILED (rejected or returned) in the last days' },
      volumes: {
        description: 'Per UTC day of the last days, oldest first',
        element: {
          shape: {
            withdrawals: {
              description:
                'Withdrawals created that day whose money went to the bank (now PROCESSING or COMPLETED); ' +
                'rejected, cancelled, expired, failed, returned and still unsigned ones are not counted',
            },
            usdc: { description: 'The USDC of those withdrawals' },
            byStatus: { description: 'Every withdrawal created that day, by its status now' },
          },
        },
      },
      balances: {
        shape: {
          organizationUsdc: {
            description:
              "The organization's own custodial USDC: the developer fees it has claimed (`POST /api/v2/developer-fees`). " +
              "Not its customers' money, and not the treasury's on-chain balance (which holds the deposits swept there)",
          },
          unclaimedFeesUsdc: {
            description:
              'Developer fees earned and not yet claimed (below zero when a returned payout took back a fee already claimed)',
          },
        },
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
  schemaProse(ReconciliationQuery, {
    shape: {
      from: { description: 'Reports received at or after: a day (UTC) or a date-time with its zone' },
      to: {
        description:
          'Reports received before this date-time, or up to the end of this day (UTC): `to=2026-11-30` includes the 30th',
      },
      effect: { description: 'Only rows with this effect (any letter case)' },
      reference: { description: 'Only references containing this text, any letter case' },
    },
  }),
  schemaProse(MovementSchema, {
    shape: {
      reportName: { description: "The report's file name in the bank channel" },
      moneyMoved: {
        description: 'true: the bank account moved (a booking or a return); false: a rejection or a duplicate',
      },
      amount: { description: "The payout's amount as the bank moves it (in `currency`)" },
      usdc: { description: "The USDC it took from (or gave back to) the customer's balance" },
      rail: { description: 'The rail the payout went by' },
      bookingDate: { description: "The bank's booking date of the payout's debit (UTC day)" },
    },
  }),
  schemaProse(ReconciliationTotalSchema, {
    shape: {
      net: { description: 'booked - returned: what left the account' },
      rejected: { description: 'Refused before paying: never left the account' },
    },
  }),
  schemaProse(ReconciliationSchema, {
    id: 'ConsoleReconciliation',
    examples: [
      {
        movements: [
          {
            ...MOVEMENT_EXAMPLE,
            reportId: '7c2e4b19-5a3d-4f60-8e1b-2d9c0a7f4e31',
            reportName: 'camt054-20261126-0001-again.xml',
            receivedAt: '2026-11-26T10:07:40.000Z',
            effect: 'duplicate',
            moneyMoved: false,
          },
          MOVEMENT_EXAMPLE,
        ],
        totals: [
          {
            currency: 'EUR',
            booked: { count: 1, amount: '91.08' },
            returned: { count: 0, amount: '0.00' },
            net: '91.08',
            rejected: { count: 0, amount: '0.00' },
          },
        ],
        duplicates: 1,
        quarantined: [],
        nextCursor: null,
        awaitingReport: [],
      },
    ],
    shape: {
      movements: {
        description:
          "One row per fact of the page's applied reports, newest report first: each booking, return and " +
          'rejection once, and a fact reported again as `duplicate` (no money moved, in no total)',
      },
      totals: { description: 'Per currency, the rows of this page that moved money' },
      duplicates: { description: 'Rows of this page that are duplicates' },
      quarantined: { description: "The page's reports quarantined whole: nothing of them applied" },
      awaitingReport: { description: 'Payouts PROCESSING in a payment file the bank has not reported on yet' },
    },
  }),
  schemaProse(ConsoleRailsSchema, {
    id: 'ConsoleRails',
    examples: [
      [
        { rail: SEPA, bankRail: SEPA, currencies: ['EUR'] },
        { rail: ACH, bankRail: FEDWIRE, currencies: ['USD'] },
      ],
    ],
    element: {
      shape: {
        bankRail: {
          description:
            "The bank's rail (`paymentRail`) of the banks it pays: ACH pays FEDWIRE banks, SEPA_INSTANT SEPA banks",
        },
      },
    },
  }),
  schemaProse(ConsoleTransactionsQuery, {
    shape: {
      from: { description: 'Created at or after: a day (UTC) or a date-time with its zone' },
      to: {
        description:
          'Created before this date-time, or up to the end of this day (UTC): `to=2026-11-30` includes the 30th',
      },
      customerId: { description: "Only this customer's transactions" },
      rail: {
        description:
          'Only payouts whose money goes by this rail (`payoutRail`: the settlement rail once filed; any letter ' +
          'case): `ACH` finds the payouts to FEDWIRE banks that went by ACH, `SEPA_INSTANT` those to SEPA banks',
      },
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
      payoutRail: {
        description:
          'The rail the money goes by: `settlementRail` once the payout is in a bank file (`filed: true`); before, ' +
          "the rail it asked for or its bank's (`filed: false`, what the batcher is expected to take). It differs " +
          "from `paymentRail` (the bank's rail) for ACH and SEPA Instant payouts. Null for deposits",
      },
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
            completedAt: '2026-11-22T00:00:00.000Z',
            createdByApiKey: 'sk_sandbox_...x9Qa',
            createdByApiKeyId: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70',
            customerId: TRANSACTION_EXAMPLE.customerId,
            customerName: 'Ada Lovelace',
            beneficiary: 'Ada Lovelace',
            account: 'DE89****3000',
            bic: 'COBADEFFXXX',
            routingNumber: null,
            sourceAmount: '100.00',
            sourceCurrency: 'USDC',
            targetAmount: '91.08',
            targetCurrency: 'EUR',
            fee: '1.00',
            exchangeRate: '0.92',
            bankRail: SEPA,
            settlementRail: SEPA,
            paymentFileMessageId: '4f1c2a9e4b7d4e219c3a1d2e3f4a5b6c',
            bookingDate: '2026-11-22',
            returnedAt: null,
            txHash: null,
            failureReason: null,
          },
        ],
        nextCursor: null,
      },
    ],
  }),
];
