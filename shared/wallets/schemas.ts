import { CHAINS, ChainSchema } from '#shared/money/chains.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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

export const CreateWalletBody = z
  .strictObject({
    address: DestinationAddressSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "The customer's own address: `0x` + 40 hex digits; mixed case must be a correct EIP-55 checksum. One " +
            'address is one wallet within your organization (409 otherwise). Never an address no one holds (the ' +
            'zero address, the precompiles up to `0x...ffff`, the burn address `0x...dEaD`: 400).',
          examples: ['0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
        },
      ),
    ),
    currency: CurrencySchema.check(docMeta(OPENAPI_PROSE && { description: '`usdc` (any letter case)' })),
    chain: ChainInputSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The chain, any letter case; must be one the platform runs (`SUPPORTED_CHAINS`, 400 naming them)',
          examples: ['base'],
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'CreateWalletRequest',
        examples: [{ address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', currency: 'usdc', chain: 'base' }],
      },
    ),
  );
export type CreateWalletInput = z.output<typeof CreateWalletBody>;

export const UpdateWalletBody = z
  .strictObject({
    address: DestinationAddressSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The new address (same rules as on creation); the same address in another letter case changes nothing',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'UpdateWalletRequest',
        examples: [{ address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' }],
      },
    ),
  );

/** Filters of the wallet list; both case-insensitive. */
export const ListWalletsQuery = z.strictObject({
  ...PaginationQuery,
  currency: z
    .optional(CurrencySchema)
    .check(docMeta(OPENAPI_PROSE && { description: 'Only wallets of this currency (`usdc`, any case)' })),
  chain: z
    .optional(ChainInputSchema)
    .check(docMeta(OPENAPI_PROSE && { description: 'Only wallets on this chain (any case)' })),
});
export type ListWalletsFilter = z.output<typeof ListWalletsQuery>;

export const CustomerWalletParams = z.strictObject({
  customerId: uuid().check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The customer the wallet belongs to',
        examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
      },
    ),
  ),
  // Compose answers 404 "Wallet not found" for any id it does not know, UUID or not.
  walletId: z.string().check(
    z.minLength(1),
    z.maxLength(255),
    docMeta(
      OPENAPI_PROSE && {
        description:
          "The wallet's `id` (from the wallet list, or a bank's `wallets`); any other string is not found (404)",
        examples: ['6c1f4a2b-8d3e-4f5a-9b6c-7d8e9f0a1b2c'],
      },
    ),
  ),
});

const DESTINATION_WALLET_EXAMPLE = {
  id: '6c1f4a2b-8d3e-4f5a-9b6c-7d8e9f0a1b2c',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  currency: 'usdc',
  chain: 'base',
  enabled: true,
  createdAt: '2026-11-21T10:05:00.000Z',
  updatedAt: '2026-11-21T10:05:00.000Z',
};
const BANK_DEPOSIT_WALLET_EXAMPLE = {
  id: '0f8e2a44-7b0c-4d8e-9a61-5c3b2e1d0a99',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  currency: 'usdc',
  chain: 'base',
  enabled: true,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  withdrawalBankId: '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60',
  instructions:
    'Send USDC on Base to this address to automatically receive funds in your bank account. Minimum: 5 USDC.',
};

/** API.md section 6; `withdrawalBankId` and `instructions` only on bank deposit wallets. */
export const WalletSchema = z
  .object({
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
  })
  .check(
    docMeta(OPENAPI_PROSE && { id: 'Wallet', examples: [DESTINATION_WALLET_EXAMPLE, BANK_DEPOSIT_WALLET_EXAMPLE] }),
  );
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletListSchema = z.object({ wallets: z.array(WalletSchema) }).check(
  docMeta(
    OPENAPI_PROSE && {
      id: 'WalletList',
      examples: [{ wallets: [DESTINATION_WALLET_EXAMPLE, BANK_DEPOSIT_WALLET_EXAMPLE] }],
    },
  ),
);

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
export const WalletDeletedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .check(
    docMeta(
      OPENAPI_PROSE && { id: 'WalletDeleted', examples: [{ success: true, message: 'Wallet deleted successfully' }] },
    ),
  );

/**
 * `POST /verify-address` (Compose's body: `{address}`). The address is any string: a malformed one is answered
 * `isValid: false` with the reason in `errors`, as Compose does, rather than refused.
 */
export const VerifyAddressBody = z
  .strictObject({
    address: z.string({ error: 'Required' }).check(
      z.maxLength(200, { error: 'Too long' }),
      docMeta(
        OPENAPI_PROSE && {
          description: 'The address to check: `0x` + 40 hex digits; mixed case must be a correct EIP-55 checksum',
        },
      ),
    ),
    chain: z.optional(ChainInputSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The chain whose node answers the contract and Safe checks (Compose: always Base). Default `base`; a chain ' +
            'the deployment cannot read is a 400.',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'VerifyAddressRequest',
        examples: [{ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
      },
    ),
  );

export const AddressVerificationSchema = z
  .object({
    isValid: z
      .boolean()
      .check(docMeta(OPENAPI_PROSE && { description: 'Well-formed, with a correct EIP-55 checksum when mixed case' })),
    isContract: z
      .boolean()
      .check(docMeta(OPENAPI_PROSE && { description: 'Code is deployed at the address on `chain`' })),
    isSafeWallet: z
      .boolean()
      .check(
        docMeta(OPENAPI_PROSE && { description: "A Safe multisig: it answers Safe's getThreshold() and getOwners()" }),
      ),
    warnings: z
      .array(z.string())
      .check(docMeta(OPENAPI_PROSE && { description: 'What to check before sending funds there' })),
    errors: z
      .array(z.string())
      .check(docMeta(OPENAPI_PROSE && { description: 'Why `isValid` is false (empty otherwise)' })),
    address: z
      .nullable(z.string())
      .check(docMeta(OPENAPI_PROSE && { description: 'The EIP-55 checksummed form; null when not valid' })),
    chain: ChainSchema,
    safe: z
      .nullable(z.object({ threshold: z.number().check(z.int()), owners: z.array(z.string()) }))
      .check(
        docMeta(
          OPENAPI_PROSE && { description: "The Safe's signing rule (`threshold` of `owners`); null for anything else" },
        ),
      ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'AddressVerification',
        examples: [
          {
            isValid: true,
            isContract: false,
            isSafeWallet: false,
            warnings: [],
            errors: [],
            address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            chain: 'base',
            safe: null,
          },
        ],
      },
    ),
  );
export type AddressVerification = z.infer<typeof AddressVerificationSchema>;
