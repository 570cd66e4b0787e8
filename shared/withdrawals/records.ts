import * as z from 'zod';
import { PaymentRailSchema } from '#shared/banks/records.ts';
import {
  ApprovalSchema,
  ReservationSchema,
  TransactionSchema,
  WithdrawalBankSnapshotSchema,
} from '#shared/withdrawals/schemas.ts';

/** The stored shapes of the withdrawals area: what the table holds, parsed on every read (see `repository.ts`). */
/** The stored transaction; parsed on every read. */
export const TransactionRecordSchema = TransactionSchema.omit({
  id: true,
  requiresUiAction: true,
  paymentRail: true,
}).extend({
  transactionId: z.string(),
  /** The bank details as they were; `paymentRail` is absent on records written before rails were stored. */
  withdrawalBank: WithdrawalBankSnapshotSchema.extend({ paymentRail: PaymentRailSchema.optional() }).nullable(),
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
