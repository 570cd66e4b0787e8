import { PaymentRailSchema } from '#shared/banks/records.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import {
  ApprovalSchema,
  DepositInstructionsSchema,
  ReservationSchema,
  TransactionSchema,
  WithdrawalBankSnapshotSchema,
} from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Who created a transaction: the API key that authenticated the create (its id and the hint the console lists
 * keys by, never the key). Withdrawals are created only with a key (a console session is refused there).
 */
export const CreatedBySchema = z.object({ kind: z.literal('apiKey'), apiKeyId: z.string(), hint: z.string() });
export type CreatedBy = z.infer<typeof CreatedBySchema>;

/** The stored transaction; parsed on every read. */
export const TransactionRecordSchema = z.extend(
  z.omit(TransactionSchema, {
    id: true,
    requiresUiAction: true,
    paymentRail: true,
    requestedPaymentRail: true,
    settlementRail: true,
    railFallbackReason: true,
    expectedSettlementAt: true,
  }),
  {
    transactionId: z.string(),
    /** The bank details as they were; `paymentRail` is absent on records written before rails were stored. */
    withdrawalBank: z.nullable(z.extend(WithdrawalBankSnapshotSchema, { paymentRail: z.optional(PaymentRailSchema) })),
    /** Payouts: the rail asked for, the rail taken, why not the one asked for, and when it should land (absent: not yet known). */
    requestedPaymentRail: z.optional(z.nullable(z.enum(RAIL_NAMES))),
    settlementRail: z.optional(z.nullable(z.enum(RAIL_NAMES))),
    railFallbackReason: z.optional(z.nullable(z.string())),
    expectedSettlementAt: z.optional(z.nullable(z.string())),
    /** Absent on records written before it was stored: null. */
    depositInstructions: z._default(z.nullable(DepositInstructionsSchema), null),
    organizationId: z.string(),
    idempotencyKey: z.nullable(z.string()),
    approvals: z.array(ApprovalSchema),
    reservation: ReservationSchema,
    /** When a withdrawal still awaiting signatures expires. */
    expiryDueAt: z.nullable(z.string()),
    /** When the sandbox bank simulator answers this payout's file at the earliest (null: live, or simulator off). */
    settleDueAt: z.nullable(z.string()),
    /** The payment file (its message id) this withdrawal was put in; set once, by the batcher's claim. */
    paymentFileId: z.optional(z.string()),
    /** The withdrawal batch it was created in (`POST /withdrawals/batch`): its waiting payouts are approved as one. */
    batchId: z.optional(z.string()),
    /** Withdrawals: who created it; absent on records written before it was stored (nothing is guessed). */
    createdBy: z.optional(CreatedBySchema),
    /** Who rejected or cancelled it (an approver's e-mail, `api` for the cancel route). */
    cancelledBy: z.nullable(z.string()),
    /**
     * The allowance period a completed payout was counted in (its reservation's, kept when it completes), so a return
     * gives the amount back to that period only; absent on records completed before it was kept.
     */
    allowancePeriodCounted: z.optional(z.nullable(z.string())),
    /** When the bank returned the payout after booking it (COMPLETED -> FAILED); set once. */
    returnedAt: z.optional(z.nullable(z.string())),
    /** Optimistic-concurrency counter: every transition is conditional on the version and status it read. */
    version: z.number().check(z.int(), z.gte(1)),
  },
);

export type TransactionRecord = z.infer<typeof TransactionRecordSchema>;

export const IdempotencyRecordSchema = z.object({
  organizationId: z.string(),
  idempotencyKey: z.string(),
  /** SHA-256 of the canonical parameters: the same key with other parameters is refused. */
  requestHash: z.string(),
  customerId: z.string(),
  transactionId: z.string(),
  createdAt: z.string(),
});

export type IdempotencyRecord = z.infer<typeof IdempotencyRecordSchema>;
