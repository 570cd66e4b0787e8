import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * One booking of money paid in, as the bank reported it, and what became of it. Stored once per booking (its
 * account and the bank's reference), whatever the number of reports that repeat it.
 *
 * - `CREDITED`: matched to a customer; `transactionId` is its DEPOSIT.
 * - `SUSPENSE`: nobody could be matched; it waits in `queue` (`reason` says why) for a person to decide.
 * - `ASSIGNED`: a person gave it to a customer from the suspense queue (`resolution`); `transactionId` its DEPOSIT.
 * - `SENT_BACK`: a person sent it back to the payer; `sendBack` is the payment.
 * - `REVERSED`: the bank reversed the booking; a DEPOSIT made of it is FAILED and its USDC taken back.
 */
export const BANK_CREDIT_STATUSES = ['CREDITED', 'SUSPENSE', 'ASSIGNED', 'SENT_BACK', 'REVERSED'] as const;
export const BankCreditStatusSchema = z.enum(BANK_CREDIT_STATUSES);
export type BankCreditStatus = z.infer<typeof BankCreditStatusSchema>;

/** The queue of credits no organization's customer could be matched to: the platform operator's. */
export const PLATFORM_QUEUE = 'PLATFORM';

export const ResolutionSchema = z.object({
  /** `member:<email>` or `operator:<email>`. */
  by: z.string(),
  reason: z.string(),
  at: z.string(),
});

export const BankCreditRecordSchema = z.object({
  bookingId: z.string(),
  status: BankCreditStatusSchema,
  /** The suspense queue it belongs to: an organization's id, or `PLATFORM`. */
  queue: z.string(),
  organizationId: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
  /** The account credited, as the report names it (an IBAN or an account number). */
  account: z.string(),
  /** The bank's reference of the booking (`AcctSvcrRef`, else `NtryRef`; a batched transaction's own). */
  bankReference: z.string(),
  /** As booked: a decimal string of at most 2 places, and the currency. */
  amount: z.string(),
  currency: z.string(),
  bookedAt: z.string(),
  remittance: z.array(z.string()),
  payerName: z.nullable(z.string()),
  payerAccount: z.nullable(z.string()),
  /** The payer's bank: its BIC, and its clearing member id (an ABA routing number), as the report gave them. */
  payerBic: z.nullable(z.string()),
  payerBankId: z.nullable(z.string()),
  /** The rail it came by, and so the one a send-back takes. */
  rail: z.nullable(z.enum(RAIL_NAMES)),
  /** Why it is (or was) in suspense. */
  reason: z.nullable(z.string()),
  /** The first report that named it. */
  reportMessageId: z.string(),
  receivedAt: z.string(),
  resolution: z.nullable(ResolutionSchema),
  /** The payment that sent it back: its end-to-end id, and the file it went in (kept, to be written again). */
  sendBack: z.nullable(z.object({ endToEndId: z.string(), fileName: z.string(), xml: z.string(), at: z.string() })),
  reversedAt: z.nullable(z.string()),
  /**
   * The hook for onward sends (USDC to the customer's destination wallet): `AWAITING_SEND` while a DEPOSIT made of it
   * may still have to be sent on (listed on gsi3 `BANKCREDITS#AWAITINGSEND`); the sender sets what it did.
   */
  onward: z.nullable(z.string()),
  version: z.number().check(z.int(), z.gte(1)),
});
export type BankCreditRecord = z.infer<typeof BankCreditRecordSchema>;

export const parseBankCredit = (item: Record<string, unknown>): BankCreditRecord => BankCreditRecordSchema.parse(item);
