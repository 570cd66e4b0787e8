import { PayeeVerificationSchema, PrenoteSchema } from '#shared/banks/payee-schemas.ts';
import { type BankRecord, BankRecordSchema } from '#shared/banks/records.ts';
import { ChainSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';
import { depositInstructions } from '#shared/wallets/deposit-instructions.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';

/**
 * The bank object the API answers (and the console shows), apart from the banks' requests in `schemas.ts`: a
 * function that answers a bank but parses none carries no IBAN, BIC or rail rules
 * (docs/decisions/0028-bundle-size-targets.md).
 */

/** A bank deposit wallet as the bank object shows it (API.md section 4: no customerId). */
export const BankWalletSchema = z.object({
  id: z.string(),
  address: z.string(),
  currency: z.literal('usdc'),
  chain: ChainSchema,
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  instructions: z.string(),
});
export type BankWallet = z.infer<typeof BankWalletSchema>;

/** The stored bank minus its internals, `bankId` as `id`, with its deposit wallets. */
export const BankSchema = z.extend(
  z.omit(BankRecordSchema, {
    bankId: true,
    organizationId: true,
    updatedAt: true,
    version: true,
    // Internal to payouts (a NACHA notification of change, recorded for whoever corrects the bank).
    notificationOfChange: true,
  }),
  {
    id: z.string(),
    bankName: z.nullable(z.string()),
    bankAddress: z.nullable(z.string()),
    bankCountry: z.nullable(z.string()),
    payeeVerification: PayeeVerificationSchema,
    prenote: PrenoteSchema,
    postalCode: z.nullable(z.string()),
    wallets: z.array(BankWalletSchema),
  },
);
export type Bank = z.infer<typeof BankSchema>;

export const toBankWallet = (wallet: WalletRecord): BankWallet => ({
  id: wallet.walletId,
  address: wallet.address,
  currency: wallet.currency,
  chain: wallet.chain,
  enabled: wallet.enabled,
  createdAt: wallet.createdAt,
  updatedAt: wallet.updatedAt,
  instructions: depositInstructions(wallet.chain),
});

/** The bank object; wallets in the order their addresses were derived (the configured chain order). */
export const toBank = (bank: BankRecord, wallets: readonly WalletRecord[]): Bank => ({
  id: bank.bankId,
  customerId: bank.customerId,
  beneficiaryName: bank.beneficiaryName,
  currency: bank.currency,
  paymentRail: bank.paymentRail,
  iban: bank.iban,
  bic: bank.bic,
  accountNumber: bank.accountNumber,
  routingNumber: bank.routingNumber,
  bankName: bank.bankName ?? null,
  bankAddress: bank.bankAddress ?? null,
  bankCountry: bank.bankCountry ?? null,
  addressLine1: bank.addressLine1,
  city: bank.city,
  postalCode: bank.postalCode ?? null,
  country: bank.country,
  recipientType: bank.recipientType,
  recipientEmail: bank.recipientEmail,
  notificationEnabled: bank.notificationEnabled,
  status: bank.status,
  rejectionReason: bank.rejectionReason,
  payeeVerification: bank.payeeVerification ?? null,
  prenote: bank.prenote ?? null,
  createdAt: bank.createdAt,
  wallets: [...wallets].sort((a, b) => (a.derivationIndex ?? 0) - (b.derivationIndex ?? 0)).map(toBankWallet),
});
