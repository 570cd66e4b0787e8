import type { Key, KeySpace, ListKey } from '#shared/db/table-keys.ts';

/**
 * Sends of USDC out of an organization's treasury (one partition per organization, so its sends are one query), the
 * open ones of a chain (sparse gsi1, read by the chain's send runner, removed once mined), the mined ones whose
 * treasury movement is not yet checked on chain, and the organization's registered fee wallet per chain.
 */
export const treasuryKeys = {
  treasurySend: (org: string, sendId: string): Key => ({ pk: `ORG#${org}#TREASURYSEND`, sk: `SEND#${sendId}` }),
  treasurySendsOfOrganization: (org: string) => ({ pk: `ORG#${org}#TREASURYSEND`, skPrefix: 'SEND#' }),
  /** Sparse: a send is listed here from its request until it is mined. */
  treasurySendOpen: (chain: string, createdAt: string, sendId: string): ListKey => ({
    gsi1pk: `TREASURYSENDOPEN#${chain}`,
    gsi1sk: `${createdAt}#${sendId}`,
  }),
  treasurySendsOpenOfChain: (chain: string) => ({ gsi1pk: `TREASURYSENDOPEN#${chain}` }),
  /** Sparse: a mined send until the treasury's balance over its block was checked (the custody books' third check). */
  treasurySendUnchecked: (chain: string, blockNumber: bigint, sendId: string): ListKey => ({
    gsi1pk: `TREASURYSENDUNCHECKED#${chain}`,
    gsi1sk: `${`${blockNumber}`.padStart(20, '0')}#${sendId}`,
  }),
  treasurySendsUncheckedOfChain: (chain: string) => ({ gsi1pk: `TREASURYSENDUNCHECKED#${chain}` }),
  feeWallet: (org: string, chain: string): Key => ({ pk: `ORG#${org}#FEEWALLET`, sk: `CHAIN#${chain}` }),
} as const;

export const TREASURY_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#TREASURYSEND' },
  { gsi1pk: 'TREASURYSENDOPEN#' },
  { gsi1pk: 'TREASURYSENDUNCHECKED#' },
  { pk: 'ORG#{}#FEEWALLET' },
];
