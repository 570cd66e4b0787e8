import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import * as z from '#shared/validation/zod.ts';

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
  /** The rail whose file this is (`shared/rails/bank/rails.ts`); absent on files written before rails: SEPA or FEDWIRE. */
  rail: z.optional(z.enum(RAIL_NAMES)),
  status: z.enum(['CLAIMED', 'WRITTEN', 'ANSWERED', 'SETTLED']),
  createdAt: z.string(),
  /**
   * The file's landing (`railLanding`, `YYYY-MM-DD`): the execution date it requests and its settlement date; the
   * sandbox bank books its debits on the one its rail names (`debitBookedOn`). Absent on files written before.
   */
  executionDate: z.optional(z.string()),
  settlementDate: z.optional(z.string()),
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
