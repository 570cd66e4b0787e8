import { PaymentRailSchema } from '#shared/banks/records.ts';
import * as z from '#shared/validation/zod.ts';
import {
  ApprovalSchema,
  DepositInstructionsSchema,
  ReservationSchema,
  TransactionSchema,
  WithdrawalBankSnapshotSchema,
} from '#shared/withdrawals/schemas.ts';

/** The stored shapes of the withdrawals area: what the table holds, parsed on every read (see `repository.ts`). */
/** The stored transaction; parsed on every read. */
export const TransactionRecordSchema = z.extend(
  z.omit(TransactionSchema, {
    id: true,
    requiresUiAction: true,
    paymentRail: true,
  }),
  {
    transactionId: z.string(),
    /** The bank details as they were; `paymentRail` is absent on records written before rails were stored. */
    withdrawalBank: z.nullable(z.extend(WithdrawalBankSnapshotSchema, { paymentRail: z.optional(PaymentRailSchema) })),
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
    /** Who rejected or cancelled it (an approver's e-mail, `api` for the cancel route). */
    cancelledBy: z.nullable(z.string()),
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

/**
 * A payment file: the batch the batcher claimed, written whole before anything leaves. CLAIMED (its withdrawals
 * marked, the file not yet in the outbox) -> WRITTEN (in the outbox) -> ANSWERED (sandbox: the simulator's reports
 * are in the inbox) or SETTLED (every payout of it reported on, found by the overdue check). The XML is kept, so a file written again after a crash is the same file.
 */
export const PaymentFileRecordSchema = z.object({
  messageId: z.string(),
  organizationId: z.string(),
  environment: z.enum(['sandbox', 'live']),
  currency: z.enum(['EUR', 'USD']),
  status: z.enum(['CLAIMED', 'WRITTEN', 'ANSWERED', 'SETTLED']),
  createdAt: z.string(),
  /** Sandbox: when the simulator answers (null: live, or `SANDBOX_SETTLE_AFTER_S=off`). */
  answerDueAt: z.nullable(z.string()),
  /** When payouts of this file still PROCESSING count as stuck (`PAYOUT_PROCESSING_ALARM_S` after writing). */
  overdueAt: z.string(),
  paymentInfoId: z.string(),
  /** The debited account, as the simulator's camt.054 names it. */
  debtorAccount: z.union([z.object({ iban: z.string() }), z.object({ accountNumber: z.string() })]),
  payments: z.array(
    z.object({ transactionId: z.string(), customerId: z.string(), reference: z.string(), amount: z.string() }),
  ),
  xml: z.string(),
});
export type PaymentFileRecord = z.infer<typeof PaymentFileRecordSchema>;

/**
 * The latest reference rates of the ECB as stored (`REFERENCERATES#ECB`), shared by every live organization on
 * `REFERENCE_RATES_SOURCE=ecb`: its reference day and US dollars per euro, exactly as published.
 */
export const ReferenceRatesRecordSchema = z.object({
  source: z.literal('ECB'),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  usdPerEur: z.string().check(z.regex(/^\d{1,6}(\.\d{1,10})?$/)),
  fetchedAt: z.string(),
});
export type ReferenceRatesRecord = z.infer<typeof ReferenceRatesRecordSchema>;
