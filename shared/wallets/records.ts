import { ChainSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the wallets area: what the table holds, parsed on every read (see `repository.ts`). */

/**
 * A customer's wallet as stored, in the customer's partition (`WALLET#<walletId>`). Two kinds share the shape:
 * bank deposit wallets (derived addresses that forward to a withdrawal bank; this area creates them) and
 * destination wallets (the customer's own address, added later by the wallets area).
 */
export const WalletKindSchema = z.enum(['BANK_DEPOSIT', 'DESTINATION']);
export type WalletKind = z.infer<typeof WalletKindSchema>;

/**
 * A deposit forwarder's parameters (custody): the treasury its clone pays and the CREATE2 salt, from
 * which the sweeper deploys and flushes it. Absent for addresses derived from DEPOSIT_XPUB and destination wallets.
 */
export const ForwarderParamsSchema = z.object({ treasury: z.string(), salt: z.string() });
export type ForwarderParams = z.infer<typeof ForwarderParamsSchema>;

export const WalletRecordSchema = z.object({
  walletId: z.string(),
  organizationId: z.string(),
  customerId: z.string(),
  kind: WalletKindSchema,
  /** EIP-55 checksummed. */
  address: z.string(),
  currency: z.literal('usdc'),
  chain: ChainSchema,
  /** Bank deposit wallets: true exactly while their bank is ACTIVE (set in the bank's status transaction). */
  enabled: z.boolean(),
  /** The bank a deposit wallet forwards to; null for destination wallets. */
  withdrawalBankId: z.nullable(z.string()),
  /** The non-hardened BIP32 index under DEPOSIT_XPUB; null for addresses not derived here. */
  derivationIndex: z.nullable(z.number().check(z.int(), z.gte(0))),
  forwarder: z.optional(ForwarderParamsSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WalletRecord = z.infer<typeof WalletRecordSchema>;

/**
 * What an address points to, organization-scoped (`ORG#<org>#ADDRESS#<lower-case address>`): written with
 * `attribute_not_exists` in the same transaction as its wallet, so an address belongs to one wallet per
 * organization. Inbound deposits and destination wallets look addresses up here.
 */
export const AddressLookupSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  walletId: z.string(),
  kind: WalletKindSchema,
  bankId: z.nullable(z.string()),
  address: z.string(),
  chain: ChainSchema,
  forwarder: z.optional(ForwarderParamsSchema),
});
export type AddressLookup = z.infer<typeof AddressLookupSchema>;
