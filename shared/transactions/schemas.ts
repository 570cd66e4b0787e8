import { BankCurrencySchema, PaymentRailSchema } from '#shared/banks/records.ts';
import { DeveloperFeeSchema } from '#shared/developer-fees/records.ts';
import { RAIL_NAMES, SEPA } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';

export const TRANSACTION_STATUSES = [
  'PROPOSED',
  'PARTIALLY_SIGNED',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
] as const;
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

export const TransactionTypeSchema = z.enum(['WITHDRAWAL', 'DEPOSIT']);
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

export const TargetCurrencySchema = z.enum(['EUR', 'USD', 'USDC']);

const uuid = z.uuid({ error: 'Must be a UUID' });

const EXAMPLE_TRANSACTION_ID = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';
const EXAMPLE_CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
// The same customer and bank as the customers' and banks' examples, so the examples read as one flow.
const EXAMPLE_BANK_ID = '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60';

const transactionId = uuid.check(
  docMeta(
    OPENAPI_PROSE && {
      description: 'The `id` of the transaction (a withdrawal or a deposit)',
      examples: [EXAMPLE_TRANSACTION_ID],
    },
  ),
);
export const TransactionParams = z.strictObject({
  customerId: uuid.check(
    docMeta(
      OPENAPI_PROSE && { description: 'The customer the transaction belongs to', examples: [EXAMPLE_CUSTOMER_ID] },
    ),
  ),
  transactionId,
});
export const SandboxTransactionParams = z.strictObject({ transactionId });

/** An id Compose's integrators may hold in any form: every string that is not one of ours is simply not found (404). */
export const OpaqueIdSchema = z.string().check(z.minLength(1), z.maxLength(255));

/** Get transaction, as Compose answers it: a transaction id that is not a UUID is a 404, not a 400. */
export const TransactionLookupParams = z.strictObject({
  customerId: TransactionParams.shape.customerId,
  transactionId: OpaqueIdSchema.check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The `id` of the transaction (a withdrawal or a deposit); any other string is not found (404)',
        examples: [EXAMPLE_TRANSACTION_ID],
      },
    ),
  ),
});

/** Filters accept any letter case; the stored values are upper case. */
export const upperCaseEnum = <T extends z.ZodMiniType<unknown, string>>(schema: T) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.toUpperCase()),
    ),
    schema,
  );

export const ListTransactionsQuery = z.strictObject({
  ...PaginationQuery,
  type: z
    .optional(upperCaseEnum(TransactionTypeSchema))
    .check(
      docMeta(OPENAPI_PROSE && { description: 'Only `WITHDRAWAL` or only `DEPOSIT` transactions (any letter case)' }),
    ),
  status: z.optional(upperCaseEnum(TransactionStatusSchema)).check(
    docMeta(
      OPENAPI_PROSE && {
        description: `Only transactions in this status (any letter case): ${TRANSACTION_STATUSES.join(', ')}`,
      },
    ),
  ),
});

export const WithdrawalBankSnapshotSchema = z.object({
  id: z.string(),
  beneficiaryName: z.string(),
  currency: BankCurrencySchema,
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  routingNumber: z.nullable(z.string()),
});

/** The rail a transaction moves on (Compose's `paymentRail`): the bank's rail; null for on-chain credits. */
export const TransactionPaymentRailSchema = z.nullable(PaymentRailSchema);

/**
 * Compose's `depositInstructions` of a deposit: how the money was paid in. `sharedAccount`: to the platform's
 * receiving account, identified by the customer's deposit `reference`. Null on withdrawals and on USDC that arrived
 * on-chain (its `txHash` says where from).
 */
export const DepositInstructionsSchema = z
  .object({
    // `virtualAccount`: paid to the customer's own virtual account (not seen in Compose's pages: ours).
    accountType: z.enum(['sharedAccount', 'virtualAccount']),
    reference: z
      .string()
      .check(docMeta(OPENAPI_PROSE && { description: "The customer's deposit reference the payer quoted" })),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'DepositInstructions' }));
export type DepositInstructions = z.infer<typeof DepositInstructionsSchema>;

/** Not in Compose: how a payout travels (`shared/rails/bank/rails.ts`) and when it is expected to land. */
const RailNameSchema = z.enum(RAIL_NAMES);
export const PayoutRailFields = {
  requestedPaymentRail: z.nullable(RailNameSchema).check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The rail the create asked for (`SEPA_INSTANT` with `instant: true`); null when it asked for none',
      },
    ),
  ),
  settlementRail: z.nullable(RailNameSchema).check(
    docMeta(
      OPENAPI_PROSE && {
        description:
          'The rail the payout leaves (or left) on: `SEPA`, `SEPA_INSTANT`, `FEDWIRE`, `ACH` (a USD bank of an ' +
          'organization that pays by ACH) or `SWIFT`; final once it is in a bank file. Null on deposits',
      },
    ),
  ),
  railFallbackReason: z.nullable(z.string()).check(
    docMeta(
      OPENAPI_PROSE && {
        description:
          'Why the payout did not take the rail asked for (e.g. the receiving bank is not reachable by SEPA Instant, ' +
          'or the amount is over the instant limit); null when it did or asked for none',
      },
    ),
  ),
  expectedSettlementAt: z.nullable(z.string()).check(
    docMeta(
      OPENAPI_PROSE && {
        description:
          "When the payout is expected on the beneficiary's account, from its rail's cut-off and business days " +
          '(ISO 8601, UTC); null on deposits and on payouts that ended without settling',
      },
    ),
  ),
};

/** The transaction object of API.md section 5, exactly, and the payout rail fields. */
export const TransactionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  type: TransactionTypeSchema,
  status: TransactionStatusSchema,
  requiresUiAction: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.nullable(z.string()),
  reference: z.string(),
  // A deposit paid in by bank transfer came in its currency (EUR or USD); everything else moves USDC.
  sourceCurrency: z.enum(['USDC', 'EUR', 'USD']),
  targetCurrency: TargetCurrencySchema,
  sourceAmount: z.string(),
  targetAmount: z.string(),
  exchangeRate: z.string(),
  fee: z.string(),
  paymentRail: TransactionPaymentRailSchema,
  withdrawalBank: z.nullable(WithdrawalBankSnapshotSchema),
  depositInstructions: z.nullable(DepositInstructionsSchema),
  walletAddress: z.nullable(z.string()),
  developerFee: z.nullable(DeveloperFeeSchema),
  txHash: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
  /** Not in Compose. */
  returnedAt: z.nullable(z.string()).check(
    docMeta(
      OPENAPI_PROSE && {
        description:
          'When the bank returned the payout after booking it and the return was applied (COMPLETED -> FAILED, ' +
          'ISO 8601, UTC); null on every other transaction',
      },
    ),
  ),
  ...PayoutRailFields,
});
export type Transaction = z.infer<typeof TransactionSchema>;

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

/** The transaction object as documented (the stored record derives from the plain schema above). */
export const TransactionResponseSchema = TransactionSchema.check(
  docMeta(
    OPENAPI_PROSE && {
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
    },
  ),
);

/** What a transaction holds of the ledger, so whatever ends it releases exactly that. */
export const ReservationSchema = z.object({
  /** The source amount is locked in the customer's balance. */
  balance: z.boolean(),
  /** The allowance period the amount was counted in; null when the allowance was not used. */
  allowancePeriodStart: z.nullable(z.string()),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ApprovalSchema = z.object({ approver: z.string(), approvedAt: z.string() });
