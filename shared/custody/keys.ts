import type { Key, KeySpace, ListKey } from '#shared/db/table-keys.ts';

/** Zero-padded, so the newest sweep is the last item of its chain's partition. */
const nonceKey = (nonce: bigint) => `NONCE#${`${nonce}`.padStart(20, '0')}`;

/**
 * Deposits credited to forwarder addresses and not yet swept (one partition per chain, read by that chain's
 * sweeper), the sweeps by relayer nonce, and each organization's custody totals per chain.
 */
export const custodyKeys = {
  sweepDue: (chain: string, address: string, txHash: string, logIndex: number): Key => ({
    pk: `SWEEPDUE#${chain}`,
    sk: `${address.toLowerCase()}#${txHash.toLowerCase()}#${logIndex}`,
  }),
  sweepsDue: (chain: string) => ({ pk: `SWEEPDUE#${chain}` }),
  sweep: (chain: string, nonce: bigint): Key => ({ pk: `SWEEP#${chain}`, sk: nonceKey(nonce) }),
  sweepsOfChain: (chain: string) => ({ pk: `SWEEP#${chain}`, skPrefix: 'NONCE#' }),
  /** Mined sweeps whose treasuries' balances are not yet checked on chain: sparse, the check removes the entry. */
  sweepUnchecked: (chain: string, nonce: bigint): ListKey => ({
    gsi1pk: `SWEEPUNCHECKED#${chain}`,
    gsi1sk: nonceKey(nonce),
  }),
  sweepsUncheckedOfChain: (chain: string) => ({ gsi1pk: `SWEEPUNCHECKED#${chain}` }),
  custodyTotals: (org: string, chain: string): Key => ({ pk: `ORG#${org}#CUSTODY`, sk: `CHAIN#${chain}` }),
  custodyTotalsOfOrganization: (org: string) => ({ pk: `ORG#${org}#CUSTODY`, skPrefix: 'CHAIN#' }),
  custodyTotalsListed: (org: string, chain: string): ListKey => ({ gsi1pk: `CUSTODY#${chain}`, gsi1sk: `ORG#${org}` }),
  custodyTotalsOfChain: (chain: string) => ({ gsi1pk: `CUSTODY#${chain}` }),
  sweptBeforeCredit: (chain: string, forwarder: string): Key => ({
    pk: `SWEPTBEFORECREDIT#${chain}`,
    sk: forwarder.toLowerCase(),
  }),
  sweptBeforeCreditOfChain: (chain: string) => ({ pk: `SWEPTBEFORECREDIT#${chain}` }),
  /** One relayer nonce of a chain, claimed by the sweep or the treasury send that signs with it. */
  relayerNonce: (chain: string, nonce: bigint): Key => ({ pk: `RELAYERNONCE#${chain}`, sk: nonceKey(nonce) }),
  relayerNoncesOfChain: (chain: string) => ({ pk: `RELAYERNONCE#${chain}`, skPrefix: 'NONCE#' }),
} as const;

export const CUSTODY_KEY_SPACES: KeySpace[] = [
  { pk: 'SWEEPDUE#' },
  { pk: 'SWEEP#' },
  { gsi1pk: 'SWEEPUNCHECKED#' },
  { pk: 'ORG#{}#CUSTODY' },
  { gsi1pk: 'CUSTODY#' },
  { pk: 'SWEPTBEFORECREDIT#' },
  { pk: 'RELAYERNONCE#' },
];
