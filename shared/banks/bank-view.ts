import { PayeeVerificationSchema, PrenoteSchema } from '#shared/banks/payee-schemas.ts';
import { type BankRecord, BankRecordSchema } from '#shared/banks/records.ts';
import { ChainSchema } from '#shared/money/chains.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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

const BANK_EXAMPLE = {
  id: '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  beneficiaryName: 'Ada Lovelace',
  currency: 'EUR',
  paymentRail: SEPA,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  accountNumber: null,
  routingNumber: null,
  bankName: null,
  bankAddress: null,
  bankCountry: null,
  addressLine1: 'Friedrichstraße 123',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  recipientType: 'CUSTOMER',
  recipientEmail: null,
  notificationEnabled: false,
  status: 'ACTIVE',
  rejectionReason: null,
  payeeVerification: {
    result: 'MATCH',
    matchedName: null,
    reason: null,
    source: 'bank',
    checkedAt: '2026-11-21T10:00:00.000Z',
    confirmation: 'NOT_NEEDED',
    decidedBy: null,
    decidedAt: null,
  },
  prenote: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  wallets: [
    {
      id: '0f8e2a44-7b0c-4d8e-9a61-5c3b2e1d0a99',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      currency: 'usdc',
      chain: 'base',
      enabled: true,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      instructions:
        'Send USDC on Base to this address to automatically receive funds in your bank account. Minimum: 5 USDC.',
    },
  ],
};

/** The stored bank minus its internals, `bankId` as `id`, with its deposit wallets. */
export const BankSchema = z
  .extend(
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
  )
  .check(docMeta(OPENAPI_PROSE && { id: 'WithdrawalBank', examples: [BANK_EXAMPLE] }));
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
