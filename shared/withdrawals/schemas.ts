import { z } from 'zod';
import { BankCurrencySchema } from '#shared/banks/bank-record.ts';
import { EmailSchema } from '#shared/customers/schemas.ts';
import { PaginationQuery } from '#shared/http/pagination.ts';
import { FiatAmountSchema, UsdcAmountSchema } from '#shared/money/amounts.ts';

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

/** API.md: 1-255 characters of `A-Za-z0-9_-.:`, in the body or the `Idempotency-Key` header. */
export const IdempotencyKeySchema = z
  .string({ error: 'Must be a string' })
  .regex(/^[A-Za-z0-9_.:-]{1,255}$/, { error: 'Must be 1-255 characters of A-Z, a-z, 0-9, _ - . :' });

export const NEITHER_AMOUNT = 'Provide either sourceAmount or targetAmount';
export const BOTH_AMOUNTS = 'Provide either sourceAmount or targetAmount, not both';

export const CreateWithdrawalBody = z
  .strictObject({
    withdrawalBankId: uuid,
    idempotencyKey: IdempotencyKeySchema.optional(),
    sourceAmount: UsdcAmountSchema.optional(),
    targetAmount: FiatAmountSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.sourceAmount, body.targetAmount].filter((amount) => amount !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: given === 0 ? NEITHER_AMOUNT : BOTH_AMOUNTS });
  });
export type CreateWithdrawalInput = z.output<typeof CreateWithdrawalBody>;

export const TransactionParams = z.strictObject({ customerId: uuid, transactionId: uuid });
export const SandboxTransactionParams = z.strictObject({ transactionId: uuid });

/** Filters accept any letter case; the stored values are upper case. */
const upperCaseEnum = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(schema);

export const ListTransactionsQuery = z.strictObject({
  ...PaginationQuery,
  type: upperCaseEnum(TransactionTypeSchema).optional(),
  status: upperCaseEnum(TransactionStatusSchema).optional(),
});

export const WithdrawalBankSnapshotSchema = z.object({
  id: z.string(),
  beneficiaryName: z.string(),
  currency: BankCurrencySchema,
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
});

/** The transaction object of API.md section 5, exactly. */
export const TransactionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  type: TransactionTypeSchema,
  status: TransactionStatusSchema,
  requiresUiAction: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  reference: z.string(),
  sourceCurrency: z.literal('USDC'),
  targetCurrency: TargetCurrencySchema,
  sourceAmount: z.string(),
  targetAmount: z.string(),
  exchangeRate: z.string(),
  fee: z.string(),
  withdrawalBank: WithdrawalBankSnapshotSchema.nullable(),
  walletAddress: z.string().nullable(),
  developerFee: z.string().nullable(),
  txHash: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** What a transaction holds of the ledger, so whatever ends it releases exactly that. */
export const ReservationSchema = z.object({
  /** The source amount is locked in the customer's balance. */
  balance: z.boolean(),
  /** The allowance period the amount was counted in; null when the allowance was not used. */
  allowancePeriodStart: z.string().nullable(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ApprovalSchema = z.object({ approver: z.string(), approvedAt: z.string() });

/** The stored transaction; parsed on every read. */
export const TransactionRecordSchema = TransactionSchema.omit({ id: true, requiresUiAction: true }).extend({
  transactionId: z.string(),
  organizationId: z.string(),
  idempotencyKey: z.string().nullable(),
  approvals: z.array(ApprovalSchema),
  reservation: ReservationSchema,
  /** When a withdrawal still awaiting signatures expires. */
  expiryDueAt: z.string().nullable(),
  /** When a sandbox payout settles by itself (null: it waits for the sandbox routes). */
  settleDueAt: z.string().nullable(),
  /** Who rejected or cancelled it (an approver's e-mail, `api` for the cancel route). */
  cancelledBy: z.string().nullable(),
  /** Optimistic-concurrency counter: every transition is conditional on the version and status it read. */
  version: z.number().int().min(1),
});
export type TransactionRecord = z.infer<typeof TransactionRecordSchema>;

export const BalanceSchema = z.object({
  customerId: z.string(),
  currency: z.literal('usdc'),
  balance: z.string(),
  availableBalance: z.string(),
  lockedBalance: z.string(),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const AllowanceSchema = z.object({
  enabled: z.boolean(),
  allowance: z.object({
    limit: z.string(),
    spent: z.string(),
    available: z.string(),
    resetPeriodMinutes: z.number().int(),
    nextResetAt: z.string().nullable(),
  }),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

// Sandbox bodies.

export const SandboxCreditBody = z.strictObject({ amount: UsdcAmountSchema });
export const SandboxApproveBody = z.strictObject({ approver: EmailSchema });
export const SandboxRejectBody = z.strictObject({ approver: EmailSchema.optional() });
export const SandboxFailBody = z.strictObject({
  reason: z.string().trim().min(1).max(500).optional(),
});

/** Zero is a valid limit: every API withdrawal then needs signatures. */
const NonNegativeUsdcSchema = z
  .string({ error: 'Must be a decimal string' })
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/, { error: 'Must be a decimal string with at most 6 decimal places' });

export const MAX_RESET_PERIOD_MINUTES = 366 * 24 * 60;

export const SandboxAllowanceBody = z.strictObject({
  limit: NonNegativeUsdcSchema,
  resetPeriodMinutes: z
    .number({ error: 'Must be a whole number of minutes' })
    .int()
    .min(0)
    .max(MAX_RESET_PERIOD_MINUTES),
});

export const SandboxFaultsBody = z.strictObject({
  failNextExecutions: z.number({ error: 'Must be a whole number' }).int().min(0).max(1000),
});
export const SandboxFaultsSchema = z.object({ failNextExecutions: z.number().int() });

const RateSchema = z
  .string({ error: 'Must be a decimal string' })
  .regex(/^(0|[1-9]\d{0,5})(\.\d{1,8})?$/, { error: 'Must be a decimal string with at most 8 decimal places' })
  .refine((value) => /[1-9]/.test(value), { error: 'Must be greater than 0' });

export const ExchangeRatesSchema = z.object({ EUR: z.string(), USD: z.string() });
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;

export const SandboxExchangeRatesBody = z
  .strictObject({ EUR: RateSchema.optional(), USD: RateSchema.optional() })
  .superRefine((body, ctx) => {
    if (body.EUR === undefined && body.USD === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Provide EUR, USD or both' });
    }
  });
export const SandboxExchangeRatesSchema = z.object({ rates: ExchangeRatesSchema });
