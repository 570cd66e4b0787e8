import type { Key, KeySpace, ListKey } from '#shared/db/table-keys.ts';

/** A customer's deposit wallets, beside its banks; the addresses they were derived at, platform-wide. */
export const walletKeys = {
  wallet: (organizationId: string, customerId: string, walletId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `WALLET#${walletId}`,
  }),
  walletsOfCustomer: (organizationId: string, customerId: string) => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    skPrefix: 'WALLET#',
  }),
  /** A customer's wallets newest first; one creation's (a bank's) in derivation order: 2^31 minus the index. */
  walletListEntry: (org: string, customer: string, createdAt: string, index: number | null, id: string): ListKey => ({
    gsi1pk: `ORG#${org}#CUSTOMER#${customer}#WALLETS`,
    gsi1sk: `${createdAt}#${String(2 ** 31 - (index ?? 0)).padStart(10, '0')}#${id}`,
  }),
  walletList: (org: string, customer: string) => ({ gsi1pk: `ORG#${org}#CUSTOMER#${customer}#WALLETS` }),
  /** Addresses compare case-insensitively (EIP-55 is only a rendering), so the key holds the lower-case form. */
  walletAddress: (organizationId: string, address: string): Key => ({
    pk: `ORG#${organizationId}#ADDRESS#${address.toLowerCase()}`,
    sk: 'ADDRESS',
  }),
  /** Global, not per organization: every deposit address comes from the one platform key. */
  depositIndexCounter: (): Key => ({ pk: 'COUNTER#DEPOSIT_WALLET_INDEX', sk: 'COUNTER' }),
  /**
   * Global, not per organization: an address the platform derived belongs to exactly one wallet of one
   * organization, and a chain watcher (which knows only the address) finds its owner here.
   */
  depositAddress: (address: string): Key => ({
    pk: `DEPOSITADDRESS#${address.toLowerCase()}`,
    sk: 'DEPOSITADDRESS',
  }),
} as const;

export const WALLET_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'WALLET#' },
  { gsi1pk: 'ORG#{}#CUSTOMER#{}#WALLETS' },
  { pk: 'ORG#{}#ADDRESS#' },
  { pk: 'COUNTER#DEPOSIT_WALLET_INDEX' },
  { pk: 'DEPOSITADDRESS#' },
];
