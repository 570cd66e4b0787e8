import { BANK_RAIL_NAMES, RAIL_CURRENCIES } from '#shared/rails/bank/rail.ts';
import { PayeeCheckResultSchema } from '#shared/rails/payee-verification/port.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the banks area: what the table holds, parsed on every read (see `repository.ts`). */

/**
 * A customer's withdrawal bank account as stored. The bank area (create, list, approve) owns its writes;
 * withdrawals read it through `getBankOfCustomer` and copy the payout details onto the transaction.
 */
export const BankStatusSchema = z.enum(['PENDING', 'ACTIVE', 'REJECTED']);
export type BankStatus = z.infer<typeof BankStatusSchema>;
export const BankCurrencySchema = z.enum(RAIL_CURRENCIES);
export type BankCurrency = z.infer<typeof BankCurrencySchema>;
/** Compose's rails of a bank (SEPA: EUR, FEDWIRE: USD, SWIFT: USD and EUR), from the rail descriptors. */
export const PaymentRailSchema = z.enum(BANK_RAIL_NAMES);
export type PaymentRail = z.infer<typeof PaymentRailSchema>;
export const RecipientTypeSchema = z.enum(['CUSTOMER', 'OTHER_INDIVIDUAL', 'OTHER_BUSINESS']);

// --- Verification of Payee (shared/banks/verify-payee.ts) ---
/** NOT_NEEDED: the answer lets the bank go on; AWAITING: held until a member confirms or rejects it. */
export const PayeeConfirmationSchema = z.enum(['NOT_NEEDED', 'AWAITING', 'CONFIRMED', 'REJECTED']);
export const PayeeVerificationRecordSchema = z.object({
  result: PayeeCheckResultSchema,
  matchedName: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** Who answered: the organization's bank, the sandbox stand-in, or nobody (no scheme covers the account). */
  source: z.enum(['bank', 'sandbox', 'none']),
  checkedAt: z.string(),
  confirmation: PayeeConfirmationSchema,
  /** The member's e-mail who confirmed or rejected, and when. */
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
});
export type PayeeVerificationRecord = z.infer<typeof PayeeVerificationRecordSchema>;
/** A bank held for a member's confirmation (`keys.payeeConfirmation`), and the status a confirmation gives it. */
export const PayeeConfirmationItemSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  bankId: z.string(),
  onConfirm: z.enum(['ACTIVE', 'PENDING']),
  createdAt: z.string(),
});
export type PayeeConfirmationItem = z.infer<typeof PayeeConfirmationItemSchema>;

// --- ACH prenote (shared/banks/request-prenote.ts, send-prenotes.ts, record-prenote-return.ts) ---
/**
 * REQUESTED: in the next NACHA file; SENT: out, no return yet; CONFIRMED: no return within the window; FAILED: the
 * receiving bank returned it (`returnCode`, `reason`).
 */
export const PrenoteStatusSchema = z.enum(['REQUESTED', 'SENT', 'CONFIRMED', 'FAILED']);
export const PrenoteRecordSchema = z.object({
  status: PrenoteStatusSchema,
  /** `PN-XXXX-XXXX`: the entry's individual identification number, which a return hands back. */
  reference: z.string(),
  requestedAt: z.string(),
  /** The NACHA file's message id and when it was written to the outbox. */
  fileId: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  /** SENT: confirmed if no return has arrived by then (the window in banking days after the effective date). */
  confirmAfter: z.nullable(z.string()),
  returnCode: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** When it became CONFIRMED or FAILED. */
  settledAt: z.nullable(z.string()),
});
export type PrenoteRecord = z.infer<typeof PrenoteRecordSchema>;
/** The lookup from a prenote's reference to its bank (`keys.prenoteByReference`). */
export const PrenoteLocatorSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  bankId: z.string(),
});

/** A prenote file as the service wrote it to its outbox: whose, and the SHA-256 of its bytes. */
export const PrenoteFileSchema = z.object({
  messageId: z.string(),
  organizationId: z.string(),
  environment: z.enum(['sandbox', 'live']),
  currency: z.literal('USD'),
  sha256: z.string(),
  createdAt: z.string(),
});
export type PrenoteFile = z.infer<typeof PrenoteFileSchema>;

export const BankRecordSchema = z.object({
  bankId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  beneficiaryName: z.string(),
  currency: BankCurrencySchema,
  paymentRail: PaymentRailSchema,
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  routingNumber: z.nullable(z.string()),
  /** SWIFT banks only; absent on banks stored before SWIFT. */
  bankName: z.optional(z.nullable(z.string())),
  bankAddress: z.optional(z.nullable(z.string())),
  bankCountry: z.optional(z.nullable(z.string())),
  addressLine1: z.nullable(z.string()),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  /** The post code of the beneficiary's address (rails with structured addresses); absent on banks stored before it. */
  postalCode: z.optional(z.nullable(z.string())),
  recipientType: RecipientTypeSchema,
  recipientEmail: z.nullable(z.string()),
  notificationEnabled: z.boolean(),
  status: BankStatusSchema,
  rejectionReason: z.nullable(z.string()),
  /** Absent on banks stored before Verification of Payee. */
  payeeVerification: z.optional(PayeeVerificationRecordSchema),
  /** The ACH prenote of the account (USD banks of organizations paying USD by ACH); absent until one is requested. */
  prenote: z.optional(PrenoteRecordSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The last NACHA notification of change received for payouts to this bank (an ACH bank telling the originator the
   * details to use from now on: `C01` a corrected account number, ...), with the corrected data as the bank wrote it.
   * Absent until one arrives.
   */
  notificationOfChange: z.optional(
    z.object({
      code: z.string(),
      meaning: z.string(),
      correctedData: z.string(),
      originalTraceNumber: z.string(),
      receivedAt: z.string(),
    }),
  ),
  /** Optimistic-concurrency counter, as on customers. */
  version: z.number().check(z.int(), z.gte(1)),
});
export type BankRecord = z.infer<typeof BankRecordSchema>;
