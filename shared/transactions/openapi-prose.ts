import { SEPA } from '#shared/rails/bank/rail.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import type { routes } from '#shared/transactions/routes.ts';
import {
  DepositInstructionsSchema,
  ListTransactionsQuery,
  PayoutRailFields,
  SandboxTransactionParams,
  TRANSACTION_STATUSES,
  type Transaction,
  TransactionLookupParams,
  TransactionResponseSchema,
  TransactionSchema,
} from '#shared/transactions/schemas.ts';

const EXAMPLE_TRANSACTION_ID = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';

const EXAMPLE_CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

// The same customer and bank as the customers' and banks' examples, so the examples read as one flow.
const EXAMPLE_BANK_ID = '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60';

export const TRANSACTION_EXAMPLE: Transaction = {
  id: EXAMPLE_TRANSACTION_ID,
  customerId: EXAMPLE_CUSTOMER_ID,
  type: 'WITHDRAWAL',
  status: 'PROCESSING',
  requiresUiAction: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  reference: 'WD-7K3M-9QX2',
  sourceCurrency: 'USDC',
  targetCurrency: 'EUR',
  sourceAmount: '100.00',
  targetAmount: '91.08',
  exchangeRate: '0.92',
  fee: '1.00',
  paymentRail: SEPA,
  withdrawalBank: {
    id: EXAMPLE_BANK_ID,
    beneficiaryName: 'Ada Lovelace',
    currency: 'EUR',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    accountNumber: null,
    routingNumber: null,
  },
  depositInstructions: null,
  walletAddress: null,
  developerFee: null,
  txHash: null,
  failureReason: null,
  returnedAt: null,
  requestedPaymentRail: null,
  settlementRail: SEPA,
  railFallbackReason: null,
  expectedSettlementAt: '2026-11-23T11:00:00.000Z',
};

/** The transactions words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    listTransactions: {
      summary: "List a customer's transactions, newest first (filters: type, status)",
      description: 'Withdrawals and deposits; amounts are decimal strings. Filters take any letter case.',
    },
    getTransaction: { summary: 'Get a transaction' },
  },
  schemas: [
    schemaProse(SandboxTransactionParams, {
      shape: {
        transactionId: {
          description: 'The `id` of the transaction (a withdrawal or a deposit)',
          examples: [EXAMPLE_TRANSACTION_ID],
        },
      },
    }),
    schemaProse(TransactionLookupParams, {
      shape: {
        customerId: { description: 'The customer the transaction belongs to', examples: [EXAMPLE_CUSTOMER_ID] },
        transactionId: {
          description: 'The `id` of the transaction (a withdrawal or a deposit); any other string is not found (404)',
          examples: [EXAMPLE_TRANSACTION_ID],
        },
      },
    }),
    schemaProse(ListTransactionsQuery, {
      shape: {
        type: { description: 'Only `WITHDRAWAL` or only `DEPOSIT` transactions (any letter case)' },
        status: {
          description: `Only transactions in this status (any letter case): ${TRANSACTION_STATUSES.join(', ')}`,
        },
      },
    }),
    schemaProse(DepositInstructionsSchema, {
      id: 'DepositInstructions',
      shape: { reference: { description: "The customer's deposit reference the payer quoted" } },
    }),
    schemaProse(TransactionSchema, {
      shape: {
        returnedAt: {
          description:
            'When the bank returned the payout after booking it and the return was applied (COMPLETED -> FAILED, ' +
            'ISO 8601, UTC); null on every other transaction',
        },
      },
    }),
    schemaProse(PayoutRailFields.requestedPaymentRail, {
      description: 'The rail the create asked for (`SEPA_INSTANT` with `instant: true`); null when it asked for none',
    }),
    schemaProse(PayoutRailFields.settlementRail, {
      description:
        'The rail the payout leaves (or left) on: `SEPA`, `SEPA_INSTANT`, `FEDWIRE`, `ACH` (a USD bank of an ' +
        'organization that pays by ACH) or `SWIFT`; final once it is in a bank file. Null on deposits',
    }),
    schemaProse(PayoutRailFields.railFallbackReason, {
      description:
        'Why the payout did not take the rail asked for (e.g. the receiving bank is not reachable by SEPA Instant, ' +
        'or the amount is over the instant limit); null when it did or asked for none',
    }),
    schemaProse(PayoutRailFields.expectedSettlementAt, {
      description:
        "When the payout is expected on the beneficiary's account, from its rail's cut-off and business days " +
        '(ISO 8601, UTC); null on deposits and on payouts that ended without settling',
    }),
    schemaProse(TransactionResponseSchema, {
      id: 'Transaction',
      examples: [
        TRANSACTION_EXAMPLE,
        {
          ...TRANSACTION_EXAMPLE,
          id: '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
          type: 'DEPOSIT',
          status: 'COMPLETED',
          createdAt: '2026-11-21T09:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
          completedAt: '2026-11-21T09:00:00.000Z',
          reference: 'DP-2H8N-4RKW',
          targetCurrency: 'USDC',
          sourceAmount: '250.00',
          targetAmount: '250.00',
          exchangeRate: '1.00',
          fee: '0.00',
          paymentRail: null,
          settlementRail: null,
          expectedSettlementAt: null,
          withdrawalBank: null,
          depositInstructions: { accountType: 'sharedAccount', reference: 'A7B3C9D2E1' },
        },
      ],
    }),
  ],
};
