import { type Key, type KeySpace, type ListKey, listSortKey } from '#shared/db/table-keys.ts';

/** Virtual accounts (in their customer's partition), inbound transfers and the chain watchers' state. */
export const depositKeys = {
  virtualAccount: (organizationId: string, customerId: string, virtualAccountId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `VACCOUNT#${virtualAccountId}`,
  }),
  virtualAccountListEntry: (
    organizationId: string,
    customerId: string,
    createdAt: string,
    virtualAccountId: string,
  ): ListKey => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#VACCOUNTS`,
    gsi1sk: listSortKey(createdAt, virtualAccountId),
  }),
  virtualAccountsOfCustomer: (organizationId: string, customerId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#VACCOUNTS`,
  }),
  /** One virtual account per currency and customer; the item names it, so deposit details find it by key. */
  virtualAccountOfCurrency: (organizationId: string, customerId: string, currency: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `VACCOUNTCURRENCY#${currency}`,
  }),
  /** Points from a virtual account id to its owner, for operators who only have the id. */
  virtualAccountPointer: (virtualAccountId: string): Key => ({
    pk: `VACCOUNTID#${virtualAccountId}`,
    sk: 'VACCOUNTID',
  }),
  /** Global: an IBAN identifies one account wherever the payment comes from. */
  virtualAccountIban: (iban: string): Key => ({ pk: `VIBAN#${iban}`, sk: 'VIBAN' }),
  /**
   * One on-chain transfer is one log: chain + transaction hash + log index, processed once platform-wide however
   * often (and by however many watchers, or organizations) it is reported. Hashes are hex: the key holds lower case.
   */
  inboundTransfer: (chain: string, txHash: string, logIndex: number): Key => ({
    pk: `INBOUND#${chain}#${txHash.toLowerCase()}#${logIndex}`,
    sk: 'INBOUND',
  }),
  /** How far a chain's watcher has read: one item per chain. */
  chainCursor: (chain: string): Key => ({ pk: `CHAINCURSOR#${chain}`, sk: 'CHAINCURSOR' }),
  // Deposits in two stages: a transfer's stage (PROCESSING at first sighting, then COMPLETED or FAILED),
  // and, while it is PROCESSING, its entry in its chain's pending list, which the watcher reads to find the vanished.
  depositStage: (chain: string, txHash: string, logIndex: number): Key => ({
    pk: `DEPOSITSTAGE#${chain}#${txHash.toLowerCase()}#${logIndex}`,
    sk: 'DEPOSITSTAGE',
  }),
  depositPending: (chain: string, txHash: string, logIndex: number): Key => ({
    pk: `DEPOSITPENDING#${chain}`,
    sk: `${txHash.toLowerCase()}#${logIndex}`,
  }),
  depositsPending: (chain: string) => ({ pk: `DEPOSITPENDING#${chain}` }),
} as const;

export const DEPOSIT_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'VACCOUNT#' },
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'VACCOUNTCURRENCY#' },
  { gsi1pk: 'ORG#{}#CUSTOMER#{}#VACCOUNTS' },
  { pk: 'VACCOUNTID#' },
  { pk: 'VIBAN#' },
  { pk: 'INBOUND#' },
  { pk: 'CHAINCURSOR#' },
  { pk: 'DEPOSITSTAGE#' },
  { pk: 'DEPOSITPENDING#' },
];
