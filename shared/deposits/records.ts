import { AddressSchema } from '#shared/customers/records.ts';
import type { Transition } from '#shared/events/status-change.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the deposits area: what the table holds, parsed on every read (see `repository.ts`). */
/** USD (SWIFT deposits) and, as Compose offers, EUR. */
export const VirtualAccountCurrencySchema = z.enum(['USD', 'EUR']);

/** PENDING until the provider opens it (ACTIVE, with an IBAN) or refuses it (REJECTED, final). */
export const VirtualAccountStatusSchema = z.enum(['PENDING', 'ACTIVE', 'REJECTED']);
export type VirtualAccountStatus = z.infer<typeof VirtualAccountStatusSchema>;

/** The provider's decisions on a requested account, as data: only a PENDING account is decided, once. */
export const VIRTUAL_ACCOUNT_TRANSITIONS = {
  approve: { from: ['PENDING'], to: 'ACTIVE', event: 'virtual_account.approved' },
  reject: { from: ['PENDING'], to: 'REJECTED', event: 'virtual_account.rejected' },
} as const satisfies Record<string, Transition<VirtualAccountStatus>>;

/** A customer's dedicated account, as stored; the IBAN and its bank are assigned when it becomes ACTIVE. */
export const VirtualAccountRecordSchema = z.object({
  virtualAccountId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  currency: VirtualAccountCurrencySchema,
  status: VirtualAccountStatusSchema,
  iban: z.nullable(z.string()),
  bic: z.nullable(z.string()),
  bankName: z.nullable(z.string()),
  bankAddress: z.nullable(z.string()),
  bankCountry: z.nullable(z.string()),
  /** The holder's name (the customer's verified name when requested); absent on accounts stored before it was kept. */
  accountName: z.optional(z.nullable(z.string())),
  /** The holder's address as KYC held it when requested (Compose's `addressDetails`); absent on older accounts. */
  holderAddress: z.optional(z.nullable(AddressSchema)),
  /** The holder's verified nationality (alpha-2) and date of birth when requested; absent on older accounts. */
  holderNationality: z.optional(z.nullable(z.string())),
  holderDateOfBirth: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
  activatedAt: z.nullable(z.string()),
  /** Why the provider refused it (REJECTED only); absent on accounts stored before rejections existed. */
  rejectionReason: z._default(z.nullable(z.string()), null),
});

export type VirtualAccountRecord = z.infer<typeof VirtualAccountRecordSchema>;

/**
 * The record that an on-chain transfer (chain + transaction hash + log index) was processed, and into which
 * organization's transaction. Its key is platform-wide; it is put with `attribute_not_exists` in the same
 * TransactWriteItems as that transaction, so a transfer reported twice, by twenty concurrent watchers or by two
 * organizations, is recorded once; the others find this item.
 */
export const InboundTransferSchema = z.object({
  organizationId: z.string(),
  chain: z.string(),
  txHash: z.string(),
  logIndex: z.number().check(z.int(), z.gte(0)),
  address: z.string(),
  amount: z.string(),
  customerId: z.string(),
  transactionId: z.string(),
  receivedAt: z.string(),
});

export type InboundTransfer = z.infer<typeof InboundTransferSchema>;

/**
 * How far a chain's watcher has read (`CHAINCURSOR#<chain>`): every block up to `blockNumber` is processed, and
 * `blockHash` is the hash that block had then; a different hash later means the chain reorganised under the cursor.
 * Block numbers are decimal strings (uint64 does not fit a JS number's exact range in principle). `version` makes
 * every move conditional, so two watchers never move it over each other.
 */
export const ChainCursorSchema = z.object({
  chain: z.string(),
  blockNumber: z.string().check(z.regex(/^\d+$/)),
  blockHash: z.string(),
  version: z.number().check(z.int(), z.gte(1)),
  updatedAt: z.string(),
  /** The confirmations the watcher that moved it waits for (its lag counts beyond them). Absent on older cursors. */
  confirmations: z.optional(z.number().check(z.int(), z.gte(0))),
});

export type ChainCursor = z.infer<typeof ChainCursorSchema>;

/** A deposit's stages: PROCESSING at first sighting, COMPLETED once confirmed, FAILED if reorganised away. */
export const DepositStageStatusSchema = z.enum(['PROCESSING', 'COMPLETED', 'FAILED']);
export type DepositStageStatus = z.infer<typeof DepositStageStatusSchema>;

/**
 * One on-chain transfer's stage (`DEPOSITSTAGE#...`), keyed like its inbound-transfer item. `transactionId` is drawn
 * at the sighting and given to the transaction its credit creates; `blockNumber` (decimal string) is where it was
 * last seen, so the watcher knows when it has read past it.
 */
export const DepositStageSchema = z.object({
  chain: z.string(),
  txHash: z.string(),
  logIndex: z.number().check(z.int(), z.gte(0)),
  organizationId: z.string(),
  customerId: z.string(),
  transactionId: z.string(),
  address: z.string(),
  amount: z.string(),
  blockNumber: z.nullable(z.string().check(z.regex(/^\d+$/))),
  status: DepositStageStatusSchema,
  updatedAt: z.string(),
});
export type DepositStage = z.infer<typeof DepositStageSchema>;
