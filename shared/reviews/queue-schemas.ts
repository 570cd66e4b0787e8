import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

export const ReviewBankParams = z.strictObject({ bankId: z.uuid({ error: 'Must be a UUID' }) });
export const ReviewVirtualAccountParams = z.strictObject({ virtualAccountId: z.uuid({ error: 'Must be a UUID' }) });

export const ReviewRejectBody = z.strictObject({ reason: text(500) });

export const BankQueueEntrySchema = z.object({
  bankId: z.string(),
  customerId: z.string(),
  customerName: z.nullable(z.string()),
  beneficiaryName: z.string(),
  recipientType: z.string(),
  paymentRail: z.string(),
  currency: z.string(),
  iban: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  bankName: z.nullable(z.string()),
  bankCountry: z.nullable(z.string()),
  country: z.nullable(z.string()),
  createdAt: z.string(),
});

export const VirtualAccountQueueEntrySchema = z.object({
  virtualAccountId: z.string(),
  customerId: z.string(),
  customerName: z.nullable(z.string()),
  accountName: z.nullable(z.string()),
  currency: z.string(),
  createdAt: z.string(),
});
