import { CHAINS, ChainSchema } from '#shared/money/chains.ts';
import { described } from '#shared/routing/prose.ts';
import { PaginationQuery } from '#shared/routing/schemas.ts';
import * as z from '#shared/validation/zod.ts';
import { depositInstructions } from '#shared/wallets/deposit-instructions.ts';
import { isUnholdableAddress, isValidAddress, toChecksumAddress } from '#shared/wallets/ethereum.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';

const uuid = () => z.uuid({ error: 'Must be a UUID' });

/**
 * An Ethereum address as a caller sends it: `0x` and 40 hex digits; a mixed-case address must carry a correct
 * EIP-55 checksum (a typo in a checksummed address is caught here, not after funds went astray). Stored and
 * returned checksummed.
 */
export const EthereumAddressSchema = z.pipe(
  z
    .string({ error: 'Invalid Ethereum address' })
    .check(z.trim(), z.refine(isValidAddress, { error: 'Invalid Ethereum address', abort: true })),
  z.transform(toChecksumAddress),
);

export const UNHOLDABLE_ADDRESS = 'Address cannot hold funds (zero, precompile or burn address)';

/** A destination wallet: an address someone can hold, never the zero, a precompile or the burn address. */
const DestinationAddressSchema = EthereumAddressSchema.check(
  z.refine((address) => !isUnholdableAddress(address), {
    error: UNHOLDABLE_ADDRESS,
  }),
);

/** Lower-case values, as the wallet object shows them; callers may send any case. */
const lowerCase = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim().toLowerCase()),
    ),
    z.enum(values, { error: `Must be one of: ${values.join(', ')}` }),
  );

const CurrencySchema = lowerCase(['usdc']);
const ChainInputSchema = lowerCase(CHAINS);

export const CreateWalletBody = z.strictObject({
  address: described(DestinationAddressSchema),
  currency: described(CurrencySchema),
  chain: described(ChainInputSchema),
});
export type CreateWalletInput = z.output<typeof CreateWalletBody>;

export const UpdateWalletBody = z.strictObject({
  address: described(DestinationAddressSchema),
});

/** Filters of the wallet list; both case-insensitive. */
export const ListWalletsQuery = z.strictObject({
  ...PaginationQuery,
  currency: z.optional(CurrencySchema),
  chain: z.optional(ChainInputSchema),
});
export type ListWalletsFilter = z.output<typeof ListWalletsQuery>;

export const CustomerWalletParams = z.strictObject({
  customerId: uuid(),
  // Compose answers 404 "Wallet not found" for any id it does not know, UUID or not.
  walletId: z.string().check(z.minLength(1), z.maxLength(255)),
});

/** API.md section 6; `withdrawalBankId` and `instructions` only on bank deposit wallets. */
export const WalletSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  address: z.string(),
  currency: z.literal('usdc'),
  chain: ChainSchema,
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  withdrawalBankId: z.optional(z.string()),
  instructions: z.optional(z.string()),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletListSchema = z.object({ wallets: z.array(WalletSchema) });

export const toWallet = (wallet: WalletRecord): Wallet => ({
  id: wallet.walletId,
  customerId: wallet.customerId,
  address: wallet.address,
  currency: wallet.currency,
  chain: wallet.chain,
  enabled: wallet.enabled,
  createdAt: wallet.createdAt,
  updatedAt: wallet.updatedAt,
  ...(wallet.kind === 'BANK_DEPOSIT' && wallet.withdrawalBankId
    ? { withdrawalBankId: wallet.withdrawalBankId, instructions: depositInstructions(wallet.chain) }
    : {}),
});

/** Compose's delete-wallet answer. */
export const WalletDeletedSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * `POST /verify-address` (Compose's body: `{address}`). The address is any string: a malformed one is answered
 * `isValid: false` with the reason in `errors`, as Compose does, rather than refused.
 */
export const VerifyAddressBody = z.strictObject({
  address: z.string({ error: 'Required' }).check(z.maxLength(200, { error: 'Too long' })),
  chain: z.optional(ChainInputSchema),
});

export const AddressVerificationSchema = z.object({
  isValid: z.boolean(),
  isContract: z.boolean(),
  isSafeWallet: z.boolean(),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
  address: z.nullable(z.string()),
  chain: ChainSchema,
  safe: z.nullable(z.object({ threshold: z.number().check(z.int()), owners: z.array(z.string()) })),
});
export type AddressVerification = z.infer<typeof AddressVerificationSchema>;
