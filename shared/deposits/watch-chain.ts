import { getChainCursor, moveChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { failVanishedDeposits } from '#shared/deposits/fail-vanished-deposits.ts';
import { ingestInboundTransfer } from '#shared/deposits/ingest-inbound-transfer.ts';
import { sightInboundTransfer } from '#shared/deposits/sight-inbound-transfer.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { ChainPort, TransferLog } from '#shared/rails/chain/port.ts';
import { formatUnits } from '#shared/rails/chain/units.ts';
import { DepositFrozenError } from '#shared/screening/hold-rules.ts';
import { findDepositAddresses } from '#shared/wallets/repository.ts';

/** One chain as a watcher sees it (`chainWatchConfig()` in AWS, the local runtime's chains locally). */
export type WatchedChain = {
  chain: Chain;
  usdcAddress: string;
  usdcDecimals: number;
  confirmations: number;
  startBlock: bigint;
  blocksPerRun: number;
  blocksPerRequest: number;
};

export type WatchResult = {
  /** The newest block, and the last block processed after this run (-1n: none yet). */
  head: bigint;
  cursor: bigint;
  /** Blocks between the head and the cursor: what the lag alarm watches (confirmations included). */
  lag: bigint;
  /** Transfers this run credited (replays of transfers already credited are not counted). */
  credited: number;
  /** Transfers first seen this run, before their confirmations (recorded PROCESSING). */
  sighted: number;
  /** Deposits seen earlier that the chain read up to the cursor no longer holds (recorded FAILED). */
  failed: number;
  /** The cursor was found on a block that is no longer on the chain and was moved back. */
  rewound: boolean;
  /** Another watcher moved the cursor during this run; this one stopped, the other carries on. */
  yielded: boolean;
};

/**
 * One run of a chain's watcher: reads the USDC `Transfer` logs from the block after its cursor up to head minus the
 * chain's confirmations (at most `blocksPerRun` blocks), finds which recipients are addresses the platform derived
 * (one batched read per range), and hands each such transfer to the one ingestion, keyed by chain + txHash + log
 * index, so a block read twice, a restarted watcher or two watchers at once credit each transfer once. The cursor
 * remembers the hash of its block: when that block is no longer on the chain (a reorganisation deeper than the
 * confirmations), the cursor moves back and the range is read again. Logs of any other contract are never asked for.
 */
export async function watchChain(deps: Deps, port: ChainPort, watched: WatchedChain): Promise<WatchResult> {
  const head = await port.headBlockNumber();
  const safeHead = head - BigInt(watched.confirmations);
  const cursor = await getChainCursor(deps.db, watched.chain);
  let version = cursor?.version;
  let last = cursor ? BigInt(cursor.blockNumber) : watched.startBlock - 1n;
  let rewound = false;

  if (cursor?.blockHash && (await port.blockHash(last)) !== cursor.blockHash) {
    // The cursor's block was replaced (or the chain is shorter): read again from far enough back to be on the chain.
    last = maxOf(watched.startBlock - 1n, minOf(last, safeHead) - BigInt(Math.max(watched.confirmations, 1)) * 2n);
    rewound = true;
  }

  let credited = 0;
  const until = minOf(safeHead, last + BigInt(watched.blocksPerRun));
  if (rewound && until <= last) {
    const moved = await moveCursor(deps, watched, last, await hashOf(port, last), version);
    if (moved === undefined) return result(head, last, { credited }, rewound, true);
    version = moved;
  }
  while (last < until) {
    const fromBlock = last + 1n;
    const toBlock = minOf(until, last + BigInt(watched.blocksPerRequest));
    // The range's last block, before and after its logs are read: equal, the logs are of one chain (each block names
    // its parent), and that is the hash the cursor remembers. Different, the chain moved: the next run reads again.
    const before = await port.blockHash(toBlock);
    const logs = await port.transferLogs({ token: watched.usdcAddress, fromBlock, toBlock });
    const after = await port.blockHash(toBlock);
    const consistent = logs.every((log) => log.blockNumber !== toBlock || log.blockHash === before);
    if (before === undefined || before !== after || !consistent) break;
    credited += await creditMatches(deps, watched, logs);
    const moved = await moveCursor(deps, watched, toBlock, before, version);
    if (moved === undefined) return result(head, toBlock, { credited }, rewound, true);
    version = moved;
    last = toBlock;
  }
  // Read and credited up to `last`: what was seen there and not credited is gone; what is above is seen now.
  const failed = await failVanishedDeposits(deps, watched.chain, last);
  const sighted = await sightUnconfirmed(deps, port, watched, maxOf(last, safeHead) + 1n, head);
  return result(head, last, { credited, sighted, failed }, rewound, false);
}

/**
 * The first stage of the transfers in blocks not yet deep enough to credit: each to a deposit address of this chain
 * is recorded PROCESSING once. Nothing is credited here; a reorganisation of these blocks is caught when the cursor
 * reads past them.
 */
async function sightUnconfirmed(
  deps: Deps,
  port: ChainPort,
  watched: WatchedChain,
  fromBlock: bigint,
  head: bigint,
): Promise<number> {
  let sighted = 0;
  for (let from = fromBlock; from <= head; from += BigInt(watched.blocksPerRequest)) {
    const toBlock = minOf(head, from + BigInt(watched.blocksPerRequest) - 1n);
    const logs = await port.transferLogs({ token: watched.usdcAddress, fromBlock: from, toBlock });
    for (const { log, owner } of await depositTransfers(deps, watched, logs)) {
      const recorded = await sightInboundTransfer(deps, {
        chain: watched.chain,
        wallet: owner,
        amount: formatMicro(toMicro(formatUnits(log.value, watched.usdcDecimals))),
        txHash: log.txHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
      });
      if (recorded) sighted++;
    }
  }
  return sighted;
}

/** The USDC transfers of `logs` to addresses the platform derived for this chain, with their owners. */
async function depositTransfers(deps: Deps, watched: WatchedChain, logs: readonly TransferLog[]) {
  const usdc = logs.filter((log) => sameAddress(log.token, watched.usdcAddress) && log.value > 0n);
  if (usdc.length === 0) return [];
  const owners = await findDepositAddresses(
    deps.db,
    usdc.map((log) => log.to),
  );
  return usdc.flatMap((log) => {
    const owner = owners.get(log.to.toLowerCase());
    // An address derived for another chain receives nothing through this one.
    return owner && owner.chain === watched.chain ? [{ log, owner }] : [];
  });
}

/** The transfers of `logs` to derived addresses on this chain, each handed to the ingestion; the count of new ones. */
async function creditMatches(deps: Deps, watched: WatchedChain, logs: readonly TransferLog[]): Promise<number> {
  let credited = 0;
  for (const { log, owner } of await depositTransfers(deps, watched, logs)) {
    try {
      const { replayed } = await ingestInboundTransfer(deps, {
        chain: watched.chain,
        address: owner.address,
        amount: formatUnits(log.value, watched.usdcDecimals),
        txHash: log.txHash,
        logIndex: log.logIndex,
        from: log.from,
      });
      if (!replayed) credited++;
    } catch (error) {
      // Held by the sanctions screening (its own event says so): the next transfer goes on.
      if (!(error instanceof DepositFrozenError)) throw error;
    }
  }
  return credited;
}

/** The cursor's new version, or undefined when another watcher moved it first. */
async function moveCursor(
  deps: Deps,
  watched: WatchedChain,
  blockNumber: bigint,
  blockHash: string,
  seenVersion: number | undefined,
): Promise<number | undefined> {
  const moved = await moveChainCursor(deps.db, {
    chain: watched.chain,
    blockNumber: maxOf(blockNumber, 0n),
    blockHash,
    seenVersion,
    at: deps.clock.now(),
    confirmations: watched.confirmations,
  });
  return moved ? (seenVersion ?? 0) + 1 : undefined;
}

/** Before the first block there is nothing to remember: an empty hash is never compared. */
const hashOf = async (port: ChainPort, blockNumber: bigint) =>
  blockNumber >= 0n ? ((await port.blockHash(blockNumber)) ?? '') : '';

function result(
  head: bigint,
  cursor: bigint,
  counts: { credited: number; sighted?: number; failed?: number },
  rewound: boolean,
  yielded: boolean,
): WatchResult {
  const { credited, sighted = 0, failed = 0 } = counts;
  return { head, cursor, lag: maxOf(head - cursor, 0n), credited, sighted, failed, rewound, yielded };
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);
const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
