import { z } from 'zod';
import { depositInstructions } from '#shared/banks/schemas.ts';
import { CHAINS, ChainSchema } from '#shared/wallets/chains.ts';
import { isValidAddress, toChecksumAddress } from '#shared/wallets/ethereum.ts';
import type { WalletRecord } from '#shared/wallets/wallet-record.ts';

const uuid = () => z.uuid({ error: 'Must be a UUID' });

/**
 * An Ethereum address as a caller sends it: `0x` and 40 hex digits; a mixed-case address must carry a correct
 * EIP-55 checksum (a typo in a checksummed address is caught here, not after funds went astray). Stored and
 * returned checksummed.
 */
export const EthereumAddressSchema = z
  .string({ error: 'Invalid Ethereum address' })
  .trim()
  .refine(isValidAddress, { error: 'Invalid Ethereum address', abort: true })
  .transform(toChecksumAddress);

/** Lower-case values, as the wallet object shows them; callers may send any case. */
const lowerCase = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(values, { error: `Must be one of: ${values.join(', ')}` }));

const CurrencySchema = lowerCase(['usdc']);
const ChainInputSchema = lowerCase(CHAINS);

export const CreateWalletBody = z.strictObject({
  address: EthereumAddressSchema,
  currency: CurrencySchema,
  chain: ChainInputSchema,
});
export type CreateWalletInput = z.output<typeof CreateWalletBody>;

export const UpdateWalletBody = z.strictObject({ address: EthereumAddressSchema });

/** Filters of the wallet list; both case-insensitive. */
export const ListWalletsQuery = z.strictObject({
  currency: CurrencySchema.optional(),
  chain: ChainInputSchema.optional(),
});
export type ListWalletsFilter = z.output<typeof ListWalletsQuery>;

export const CustomerWalletParams = z.strictObject({ customerId: uuid(), walletId: uuid() });

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
  withdrawalBankId: z.string().optional(),
  instructions: z.string().optional(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletListSchema = z.object({ wallets: z.array(WalletSchema) });

export const DeletedSchema = z.object({ success: z.literal(true) });

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
