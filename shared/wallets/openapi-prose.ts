import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import type { routes } from '#shared/wallets/routes.ts';
import {
  AddressVerificationSchema,
  CreateWalletBody,
  CustomerWalletParams,
  ListWalletsQuery,
  UpdateWalletBody,
  VerifyAddressBody,
  WalletDeletedSchema,
  WalletListSchema,
  WalletSchema,
} from '#shared/wallets/schemas.ts';
import { ADDRESS_IN_USE } from '#shared/wallets/wallet-rules.ts';

export const DESTINATION_WALLET_EXAMPLE = {
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

/** The wallets words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    listCustomerWallets: {
      summary: "List a customer's wallets, newest first: bank deposit wallets and destination wallets",
    },
    createCustomerWallet: {
      summary: "Add a destination wallet: the customer's own address for on-ramp deposits",
      description:
        `One address is one wallet within your organization (409 \`${ADDRESS_IN_USE.message}\`); ` +
        'mixed-case addresses must carry a correct EIP-55 checksum. Stored and returned checksummed.',
    },
    getCustomerWallet: { summary: 'Get a wallet' },
    updateCustomerWallet: { summary: "Change a destination wallet's address" },
    deleteCustomerWallet: { summary: 'Delete a destination wallet' },
    verifyAddress: {
      summary: 'Verify an Ethereum address: EIP-55 checksum, contract, Safe multisig',
      description:
        "Compose's address check, answered 200 whatever the address: `isValid` with the reason in `errors` " +
        '(`Invalid Ethereum address format`, a wrong EIP-55 checksum, an address no one holds), then, for a valid ' +
        "address, `isContract` (code at the address, `eth_getCode`) and `isSafeWallet` (it answers Safe's " +
        '`getThreshold()` and `getOwners()`; `safe` shows them) on `chain` (default `base`). `warnings`: an address ' +
        "without checksum, a contract that is not a Safe. Nothing is stored. 503 when the chain's node does not answer.",
      examples: {
        responses: {
          400: { error: 'chain: Unsupported chain polygon; this deployment reads base' },
        },
      },
    },
  },
  schemas: [
    schemaProse(CreateWalletBody, {
      id: 'CreateWalletRequest',
      examples: [{ address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', currency: 'usdc', chain: 'base' }],
      shape: {
        address: {
          description:
            "The customer's own address: `0x` + 40 hex digits; mixed case must be a correct EIP-55 checksum. One " +
            'address is one wallet within your organization (409 otherwise). Never an address no one holds (the ' +
            'zero address, the precompiles up to `0x...ffff`, the burn address `0x...dEaD`: 400).',
          examples: ['0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
        },
        currency: { description: '`usdc` (any letter case)' },
        chain: {
          description:
            'The chain, any letter case; must be one the platform runs (`SUPPORTED_CHAINS`, 400 naming them)',
          examples: ['base'],
        },
      },
    }),
    schemaProse(UpdateWalletBody, {
      id: 'UpdateWalletRequest',
      examples: [{ address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' }],
      shape: {
        address: {
          description:
            'The new address (same rules as on creation); the same address in another letter case changes nothing',
        },
      },
    }),
    schemaProse(ListWalletsQuery, {
      shape: {
        currency: { description: 'Only wallets of this currency (`usdc`, any case)' },
        chain: { description: 'Only wallets on this chain (any case)' },
      },
    }),
    schemaProse(CustomerWalletParams, {
      shape: {
        customerId: {
          description: 'The customer the wallet belongs to',
          examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
        },
        walletId: {
          description:
            "The wallet's `id` (from the wallet list, or a bank's `wallets`); any other string is not found (404)",
          examples: ['6c1f4a2b-8d3e-4f5a-9b6c-7d8e9f0a1b2c'],
        },
      },
    }),
    schemaProse(WalletSchema, { id: 'Wallet', examples: [DESTINATION_WALLET_EXAMPLE, BANK_DEPOSIT_WALLET_EXAMPLE] }),
    schemaProse(WalletListSchema, {
      id: 'WalletList',
      examples: [{ wallets: [DESTINATION_WALLET_EXAMPLE, BANK_DEPOSIT_WALLET_EXAMPLE] }],
    }),
    schemaProse(WalletDeletedSchema, {
      id: 'WalletDeleted',
      examples: [{ success: true, message: 'Wallet deleted successfully' }],
    }),
    schemaProse(VerifyAddressBody, {
      id: 'VerifyAddressRequest',
      examples: [{ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
      shape: {
        address: {
          description: 'The address to check: `0x` + 40 hex digits; mixed case must be a correct EIP-55 checksum',
        },
        chain: {
          description:
            'The chain whose node answers the contract and Safe checks (Compose: always Base). Default `base`; a chain ' +
            'the deployment cannot read is a 400.',
        },
      },
    }),
    schemaProse(AddressVerificationSchema, {
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
      shape: {
        isValid: { description: 'Well-formed, with a correct EIP-55 checksum when mixed case' },
        isContract: { description: 'Code is deployed at the address on `chain`' },
        isSafeWallet: { description: "A Safe multisig: it answers Safe's getThreshold() and getOwners()" },
        warnings: { description: 'What to check before sending funds there' },
        errors: { description: 'Why `isValid` is false (empty otherwise)' },
        address: { description: 'The EIP-55 checksummed form; null when not valid' },
        safe: { description: "The Safe's signing rule (`threshold` of `owners`); null for anything else" },
      },
    }),
  ],
};
