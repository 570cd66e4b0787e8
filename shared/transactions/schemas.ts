import { BankCurrencySchema, PaymentRailSchema } from '#shared/banks/records.ts';
import { DeveloperFeeSchema } from '#shared/developer-fees/records.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import { described } from '#shared/routing/prose.ts';
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

const transactionId = described(uuid);
export const TransactionParams = z.strictObject({
  customerId: described(uuid),
  transactionId,
});
export const SandboxTransactionParams = z.strictObject({ transactionId });

/** An id Compose's integrators may hold in any form: every string that is not one of ours is simply not found (404). */
export const OpaqueIdSchema = z.string().check(z.minLength(1), z.maxLength(255));

/** Get transaction, as Compose answers it: a transaction id that is not a UUID is a 404, not a 400. */
export const TransactionLookupParams = z.strictObject({
  customerId: TransactionParams.shape.customerId,
  transactionId: described(OpaqueIdSchema),
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
  type: z.optional(upperCaseEnum(TransactionTypeSchema)),
  status: z.optional(upperCaseEnum(TransactionStatusSchema)),
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
export const DepositInstructionsSchema = z.object({
  // `virtualAccount`: paid to the customer's own virtual account (not seen in Compose's pages: ours).
  accountType: z.enum(['sharedAccount', 'virtualAccount']),
  reference: z.string(),
});
export type DepositInstructions = z.infer<typeof DepositInstructionsSchema>;

/** Not in Compose: how a payout travels (`shared/rails/bank/rails.ts`) and when it is expected to land. */
const RailNameSchema = z.enum(RAIL_NAMES);
export const PayoutRailFields = {
  requestedPaymentRail: z.nullable(RailNameSchema),
  settlementRail: z.nullable(RailNameSchema),
  railFallbackReason: z.nullable(z.string()),
  expectedSettlementAt: z.nullable(z.string()),
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
  returnedAt: z.nullable(z.string()),
  ...PayoutRailFields,
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** The transaction object as documented (the stored record derives from the plain schema above). */
export const TransactionResponseSchema = described(TransactionSchema);

/** What a transaction holds of the ledger, so whatever ends it releases exactly that. */
export const ReservationSchema = z.object({
  /** The source amount is locked in the customer's balance. */
  balance: z.boolean(),
  /** The allowance period the amount was counted in; null when the allowance was not used. */
  allowancePeriodStart: z.nullable(z.string()),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ApprovalSchema = z.object({ approver: z.string(), approvedAt: z.string() });
