import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import { VirtualAccountRecordSchema } from '#shared/deposits/records.ts';
import * as z from '#shared/validation/zod.ts';

/** A virtual account as the API answers it: Compose's shape (its statuses, messages, nested account) and its events. */
/** Compose's texts for its two states (its demo's create and poll answers), and ours for a refusal. */
export const VIRTUAL_ACCOUNT_MESSAGES = {
  PENDING:
    'Virtual account creation initiated. IBAN will be provided via webhook once the provider processes the request.',
  APPROVED: 'Virtual account is active',
  REJECTED: 'Virtual account request was rejected; the customer may request a new one',
} as const;

/** Compose's status names: a stored ACTIVE account is `APPROVED` (and `virtual_account.rejected` says `REJECTED`). */
const API_STATUS = { PENDING: 'PENDING', ACTIVE: 'APPROVED', REJECTED: 'REJECTED' } as const satisfies Record<
  VirtualAccountRecord['status'],
  keyof typeof VIRTUAL_ACCOUNT_MESSAGES
>;

/**
 * Compose's `addressDetails`: the holder's address as KYC held it when the account was requested. We hold no
 * nationality or date of birth, so those are null; the whole object is null where KYC held no address.
 */
const AddressDetailsSchema = z.object({
  addressLine1: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  nationality: z.null(),
  dateOfBirth: z.null(),
});

/** Compose's nested `virtualAccount`: the account's bank details once opened, null before. */
const NestedVirtualAccountSchema = z.object({
  iban: z.string(),
  bic: z.nullable(z.string()),
  accountName: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  addressDetails: z.nullable(AddressDetailsSchema),
  bankName: z.nullable(z.string()),
  bankCountry: z.nullable(z.string()),
  bankAddress: z.nullable(z.string()),
});

/** The stored account in Compose's shape (virtualAccountId, status, message, nested virtualAccount) plus its flat fields. */
export const VirtualAccountSchema = z.extend(
  z.omit(VirtualAccountRecordSchema, {
    virtualAccountId: true,
    organizationId: true,
    accountName: true,
    holderAddress: true,
  }),
  {
    id: z.string(),
    virtualAccountId: z.string(),
    status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
    message: z.string(),
    virtualAccount: z.nullable(NestedVirtualAccountSchema),
  },
);
export type VirtualAccount = z.infer<typeof VirtualAccountSchema>;

/** The account number inside a GB IBAN: its last 8 digits (the issuer's IBANs are GB IBANs). */
const accountNumberOf = (iban: string) => (iban.startsWith('GB') ? iban.slice(-8) : null);

export function toVirtualAccount(record: VirtualAccountRecord): VirtualAccount {
  const status = API_STATUS[record.status];
  return {
    id: record.virtualAccountId,
    virtualAccountId: record.virtualAccountId,
    customerId: record.customerId,
    currency: record.currency,
    status,
    message: VIRTUAL_ACCOUNT_MESSAGES[status],
    iban: record.iban,
    bic: record.bic,
    bankName: record.bankName,
    bankAddress: record.bankAddress,
    bankCountry: record.bankCountry,
    virtualAccount: record.iban
      ? {
          iban: record.iban,
          bic: record.bic,
          accountName: record.accountName ?? null,
          accountNumber: accountNumberOf(record.iban),
          addressDetails: record.holderAddress
            ? {
                addressLine1: record.holderAddress.addressLine1,
                city: record.holderAddress.city,
                postcode: record.holderAddress.postalCode,
                country: record.holderAddress.country,
                nationality: null,
                dateOfBirth: null,
              }
            : null,
          bankName: record.bankName,
          bankCountry: record.bankCountry,
          bankAddress: record.bankAddress,
        }
      : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    activatedAt: record.activatedAt,
    rejectionReason: record.rejectionReason,
  };
}

/** A virtual account event's data, as Compose's demo shows it (`correlation_id` is the `virtualAccountId`). */
export const virtualAccountEventData = (record: VirtualAccountRecord) => ({
  correlation_id: record.virtualAccountId,
  customer_id: record.customerId,
  status: API_STATUS[record.status],
  ...(record.rejectionReason ? { reason: record.rejectionReason } : {}),
});
