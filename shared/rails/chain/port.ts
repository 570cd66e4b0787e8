/**
 * The chain port: what the service asks of an EVM chain, whatever answers it (a JSON-RPC node through
 * `json-rpc-chain.ts`; the local Hardhat node and a provider such as Alchemy speak the same protocol).
 */

/** One ERC-20 `Transfer` log: `value` in the token's smallest unit. Addresses as the node returns them. */
export type TransferLog = {
  blockNumber: bigint;
  blockHash: string;
  txHash: string;
  logIndex: number;
  token: string;
  from: string;
  to: string;
  value: bigint;
};

export type ChainPort = {
  /** The newest block number. */
  headBlockNumber(): Promise<bigint>;
  /** The hash of the block at `blockNumber` on the chain as it is now; undefined when there is no such block. */
  blockHash(blockNumber: bigint): Promise<string | undefined>;
  /** The `Transfer` logs of `token` in blocks `fromBlock`..`toBlock` (inclusive), in chain order. */
  transferLogs(input: { token: string; fromBlock: bigint; toBlock: bigint }): Promise<TransferLog[]>;
  /** Whether code lives at `address` (a contract, such as a Safe), for address checks. */
  /** The ERC-20 `token` balance of `owner`, in the token's smallest unit (custody: a treasury's USDC). */
  tokenBalance(token: string, owner: string): Promise<bigint>;
  isContract(address: string): Promise<boolean>;
  /**
   * The Safe (Gnosis Safe) set-up of the contract at `address`, read with Safe's own `getThreshold()` and
   * `getOwners()`; undefined when either call reverts or answers something no Safe would (no owners, a threshold
   * of 0 or above the owner count): such a contract is not a Safe.
   */
  safeSetup(address: string): Promise<SafeSetup | undefined>;
};

/** A Safe's signing rule: `threshold` of the `owners` (checksummed) must sign. */
export type SafeSetup = { threshold: number; owners: string[] };

/** The node could not be asked (unreachable, refused, malformed answer): the watcher counts these. */
export class ChainRpcError extends Error {}
