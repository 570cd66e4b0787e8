import * as z from 'zod';

/** The stored shapes of the banks area: what the table holds, parsed on every read (see `repository.ts`). */

/**
 * A customer's withdrawal bank account as stored. The bank area (create, list, approve) owns its writes;
 * withdrawals read it through `getBankOfCustomer` and copy the payout details onto the transaction.
 */
export const BankStatusSchema = z.enum(['PENDING', 'ACTIVE', 'REJECTED']);
export type BankStatus = z.infer<typeof BankStatusSchema>;
export const BankCurrencySchema = z.enum(['EUR', 'USD']);
export type BankCurrency = z.infer<typeof BankCurrencySchema>;
/** SEPA pays EUR banks; FEDWIRE and SWIFT pay USD banks (Compose's rails). */
export const PaymentRailSchema = z.enum(['SEPA', 'FEDWIRE', 'SWIFT']);
export type PaymentRail = z.infer<typeof PaymentRailSchema>;
export const RecipientTypeSchema = z.enum(['CUSTOMER', 'OTHER_INDIVIDUAL', 'OTHER_BUSINESS']);

export const BankRecordSchema = z.object({
  bankId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  beneficiaryName: z.string(),
  currency: BankCurrencySchema,
  paymentRail: PaymentRailSchema,
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  /** SWIFT banks only; absent on banks stored before SWIFT. */
  bankName: z.string().nullable().optional(),
  bankAddress: z.string().nullable().optional(),
  bankCountry: z.string().nullable().optional(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  recipientType: RecipientTypeSchema,
  recipientEmail: z.string().nullable(),
  notificationEnabled: z.boolean(),
  status: BankStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Optimistic-concurrency counter, as on customers. */
  version: z.number().int().min(1),
});
export type BankRecord = z.infer<typeof BankRecordSchema>;
