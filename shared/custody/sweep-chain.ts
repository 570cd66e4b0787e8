import { type BooksDisagreement, checkCustodyBooks } from '#shared/custody/check-custody-books.ts';
import { checkSweepTreasuries, type SweepTreasuryDisagreement } from '#shared/custody/check-sweep-treasuries.ts';
import type { RelayerSigner } from '#shared/custody/kms-signer.ts';
import { matchSweptBeforeCredit } from '#shared/custody/match-swept-before-credit.ts';
import type { SweepRecord, SweptBeforeCredit, SweptForwarder } from '#shared/custody/records.ts';
import { flushBatchData, flushedLogs, type RelayerChain, type SweepReceipt } from '#shared/custody/relayer-chain.ts';
import { nextRelayerNonce, relayerNonceClaim } from '#shared/custody/relayer-nonce.ts';
import {
  latestSweep,
  listSweepsDue,
  sweepClaim,
  sweepDueDelete,
  sweepOutcome,
  sweptBeforeCreditAdd,
} from '#shared/custody/sweep-repository.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { custodyTotalsAdd, type SweepDue } from '#shared/deposits/sweep-due.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Chain } from '#shared/money/chains.ts';
import { toMicro } from '#shared/money/micro.ts';
import { type ForwarderFactory, forwarderAddress } from '#shared/wallets/forwarder-address.ts';

/**
 * One run of a chain's sweeper (custody): the forwarders whose credited deposits reach the threshold are
 * deployed-and-flushed (or flushed) to their treasuries by one `flushBatch` transaction of the relayer, signed in KMS.
 *
 * Never twice: a sweep is claimed for the relayer's nonce with a conditional Put that holds the signed transaction
 * BEFORE it is broadcast. Of two sweepers racing for a nonce one claims it, the other sends nothing. A sweeper that
 * dies after claiming (before or after broadcasting) leaves a SENT sweep; every run first settles the newest SENT
 * sweep: by its receipt (recorded), by its nonce (used by another transaction: REPLACED, its deposits stay due), or
 * by broadcasting the very same bytes again (same hash: the chain cannot execute it twice). No new sweep starts
 * while one is in flight, so a deposit is in at most one unmined sweep.
 */

export type SweptChain = {
  chain: Chain;
  usdcAddress: string;
  /** The chain's forwarder factory (`DEPOSIT_FORWARDERS`). */
  factory: ForwarderFactory;
  /** A decimal USDC string. */
  thresholdUsdc: string;
  batchSize: number;
};

export type SweepRun = {
  outcome: 'idle' | 'swept' | 'in-flight' | 'claimed-elsewhere';
  /** The sweep this run sent or settled, if any. */
  sweep?: SweepRecord;
  /** Deposits awaiting a sweep after the run, and the age of the oldest (seconds; 0 when none). */
  awaiting: number;
  oldestAwaitingSeconds: number;
  relayerBalanceWei: bigint;
  /** Organizations whose custody books disagree after the run (`checkCustodyBooks`): alarmed. */
  booksDisagree: BooksDisagreement[];
  /** Treasuries whose balance did not move by what a sweep checked this run recorded (`checkSweepTreasuries`). */
  treasuryDisagree: SweepTreasuryDisagreement[];
};

/**
 * A transaction holds at most 100 items: the sweep's update, one delete per deposit, one total per organization, and
 * per forwarder what it may move beyond its deposits.
 */
const MAX_TRANSACTION_ITEMS = 100;
const RECEIPT_WAIT_MS = 20_000;
const RECEIPT_POLL_MS = 250;
const SWEEP_USER = { kind: 'SWEEP', id: 'flushBatch' } as const;

type Forwarder = SweptForwarder & { totalMicro: bigint; oldest: string };

function forwardersOf(dues: readonly SweepDue[]): Forwarder[] {
  const byAddress = new Map<string, Forwarder>();
  for (const due of dues) {
    const key = due.address.toLowerCase();
    const forwarder = byAddress.get(key) ?? {
      address: due.address,
      organizationId: due.organizationId,
      treasury: due.treasury,
      salt: due.salt,
      deposits: [],
      totalMicro: 0n,
      oldest: due.creditedAt,
    };
    forwarder.deposits.push({ txHash: due.txHash, logIndex: due.logIndex, amountMicro: due.amountMicro });
    forwarder.totalMicro += due.amountMicro;
    if (due.creditedAt < forwarder.oldest) forwarder.oldest = due.creditedAt;
    byAddress.set(key, forwarder);
  }
  return [...byAddress.values()].sort((a, b) => a.oldest.localeCompare(b.oldest));
}

export async function sweepChain(
  deps: Deps,
  port: RelayerChain,
  signer: RelayerSigner,
  settings: SweptChain,
): Promise<SweepRun> {
  const relayerBalanceWei = await port.nativeBalance(signer.address);
  const status = (outcome: SweepRun['outcome'], sweep?: SweepRecord) =>
    reportRun(deps, port, settings, { outcome, sweep, relayerBalanceWei });

  const latest = await latestSweep(deps.db, settings.chain);
  if (latest?.status === 'SENT' && !(await settleInFlight(deps, port, latest))) return status('in-flight', latest);
  // Read before the dues: two sweepers that read the same dues then claim the same nonce, and only one wins.
  const nonce = await nextRelayerNonce(deps.db, settings.chain);

  let dues = await listSweepsDue(deps.db, settings.chain);
  if ((await matchSweptBeforeCredit(deps, port, settings.chain, dues)) > 0) {
    dues = await listSweepsDue(deps.db, settings.chain);
  }
  const batch = await chooseBatch(port, settings, dues);
  if (batch.length === 0) return status('idle');

  const sweep = await signSweep(deps, port, signer, settings, nonce, batch);
  try {
    const nonce = relayerNonceClaim(deps.db, settings.chain, BigInt(sweep.nonce), SWEEP_USER, sweep.claimedAt);
    await writeGuarded(deps.db, [sweepClaim(deps.db, sweep), nonce]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) return status('claimed-elsewhere');
    throw error;
  }
  await port.sendRawTransaction(sweep.rawTransaction);
  const receipt = await waitForReceipt(port, sweep.txHash);
  if (!receipt) return status('in-flight', sweep);
  return status('swept', await recordOutcome(deps, sweep, receipt));
}

/** What a run reports once it is done: the deposits still awaiting a sweep, and the two custody checks. */
async function reportRun(
  deps: Deps,
  port: RelayerChain,
  settings: SweptChain,
  run: { outcome: SweepRun['outcome']; sweep: SweepRecord | undefined; relayerBalanceWei: bigint },
): Promise<SweepRun> {
  const dues = await listSweepsDue(deps.db, settings.chain);
  const oldest = dues.reduce<string | undefined>(
    (o, due) => (!o || due.creditedAt < o ? due.creditedAt : o),
    undefined,
  );
  const oldestAwaitingSeconds = oldest ? Math.max(0, (deps.clock.now().getTime() - Date.parse(oldest)) / 1000) : 0;
  const booksDisagree = await checkCustodyBooks(deps, port, settings);
  const treasuryDisagree = await checkSweepTreasuries(deps, port, settings);
  return {
    outcome: run.outcome,
    ...(run.sweep ? { sweep: run.sweep } : {}),
    awaiting: dues.length,
    oldestAwaitingSeconds,
    relayerBalanceWei: run.relayerBalanceWei,
    booksDisagree,
    treasuryDisagree,
  };
}

/**
 * The forwarders this run flushes, oldest credit first: those over the threshold, up to the batch size and as many
 * as one transaction's items allow, that this factory deployed and that hold exactly what was credited to them.
 */
async function chooseBatch(port: RelayerChain, settings: SweptChain, dues: readonly SweepDue[]): Promise<Forwarder[]> {
  const threshold = toMicro(settings.thresholdUsdc);
  const batch: Forwarder[] = [];
  let items = 1;
  const organizations = new Set<string>();
  for (const forwarder of forwardersOf(dues)) {
    if (batch.length >= settings.batchSize) break;
    if (forwarder.totalMicro < threshold) continue;
    const cost = forwarder.deposits.length + 1 + (organizations.has(forwarder.organizationId) ? 0 : 1);
    if (items + cost > MAX_TRANSACTION_ITEMS) continue;
    if (!(await isFlushable(port, settings, forwarder))) continue;
    batch.push(forwarder);
    items += cost;
    organizations.add(forwarder.organizationId);
  }
  return batch;
}

async function isFlushable(port: RelayerChain, settings: SweptChain, forwarder: Forwarder): Promise<boolean> {
  // A forwarder of another factory (one deployed before, on this chain) is not this factory's to flush.
  if (forwarderAddress(settings.factory, forwarder.treasury, forwarder.salt) !== forwarder.address) {
    log.warn('sweeper: a forwarder of another factory is left as it is', {
      chain: settings.chain,
      address: forwarder.address,
    });
    return false;
  }
  // Only what is all credited: more on chain is a transfer still under its confirmations (the next run takes it).
  const onChain = await port.tokenBalance(settings.usdcAddress, forwarder.address);
  if (onChain < forwarder.totalMicro) {
    log.warn('sweeper: a forwarder holds less than was credited to it', {
      chain: settings.chain,
      address: forwarder.address,
      onChain: `${onChain}`,
      credited: `${forwarder.totalMicro}`,
    });
  }
  return onChain === forwarder.totalMicro;
}

/** The batch's `flushBatch` transaction, signed in KMS for the nonce after the table's latest sweep, as a SENT sweep. */
async function signSweep(
  deps: Deps,
  port: RelayerChain,
  signer: RelayerSigner,
  settings: SweptChain,
  nonce: bigint,
  batch: readonly Forwarder[],
): Promise<SweepRecord> {
  const [pending, chainId, fees] = await Promise.all([
    port.nonce(signer.address, 'pending'),
    port.chainId(),
    port.fees(),
  ]);
  // The nonce after the table's latest claim (a sweep's or a treasury send's), read at the start of the run, never
  // the node's pending one: two sweepers that read the same dues then claim the same nonce and only one wins. Taking
  // the node's would let a sweeper that read before another's claim take the next nonce and flush the same deposits
  // again.
  if (pending > nonce) {
    // The relayer's key sent something the table does not know: this sweep is REPLACED at the next run, and the
    // runs after it catch up one nonce at a time.
    log.warn('sweeper: the relayer has sent transactions the table does not record', {
      chain: settings.chain,
      pending: `${pending}`,
      next: `${nonce}`,
    });
  }
  const data = flushBatchData(settings.usdcAddress, batch);
  const estimate = await port.estimateGas({ from: signer.address, to: settings.factory.factory, data });
  const signed = await signer.signTransaction({
    chainId,
    nonce,
    ...fees,
    // A fifth more than the estimate: the estimate is exact for the state it ran on, and blocks move on.
    gas: (estimate * 6n) / 5n,
    to: settings.factory.factory,
    value: 0n,
    data,
  });
  return {
    chain: settings.chain,
    nonce: nonce.toString(),
    relayer: signer.address,
    factory: settings.factory.factory,
    token: settings.usdcAddress,
    status: 'SENT',
    txHash: signed.hash,
    rawTransaction: signed.raw,
    forwarders: batch.map(({ address, organizationId, treasury, salt, deposits }) => ({
      address,
      organizationId,
      treasury,
      salt,
      deposits,
    })),
    claimedAt: deps.clock.now().toISOString(),
    minedAt: null,
    blockNumber: null,
    gasUsed: null,
    feeWei: null,
    sweptMicro: null,
    movedToTreasuries: [],
    treasuryCheck: null,
  };
}

async function waitForReceipt(port: RelayerChain, txHash: string): Promise<SweepReceipt | undefined> {
  const deadline = Date.now() + RECEIPT_WAIT_MS;
  for (;;) {
    const receipt = await port.receipt(txHash);
    if (receipt || Date.now() > deadline) return receipt;
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}

/** True once the in-flight sweep is settled (recorded or replaced); false while it still waits to be mined. */
async function settleInFlight(deps: Deps, port: RelayerChain, sweep: SweepRecord): Promise<boolean> {
  const receipt = await port.receipt(sweep.txHash);
  if (receipt) {
    await recordOutcome(deps, sweep, receipt);
    return true;
  }
  const mined = await port.nonce(sweep.relayer, 'latest');
  if (mined > BigInt(sweep.nonce)) {
    // The receipt is read again after the nonce: mined in between, it is this sweep after all.
    const late = await port.receipt(sweep.txHash);
    if (late) {
      await recordOutcome(deps, sweep, late);
      return true;
    }
    log.error('sweeper: a sweep nonce was used by another transaction; its deposits are swept again', {
      chain: sweep.chain,
      nonce: sweep.nonce,
      txHash: sweep.txHash,
    });
    await writeOutcome(deps, sweep, {
      status: 'REPLACED',
      minedAt: null,
      blockNumber: null,
      gasUsed: null,
      feeWei: null,
      sweptMicro: null,
    });
    return true;
  }
  // Broadcast again: the node may have lost it (a restart, a dropped mempool). The same bytes, the same hash.
  await port.sendRawTransaction(sweep.rawTransaction);
  return false;
}

async function writeOutcome(
  deps: Deps,
  sweep: SweepRecord,
  outcome: Parameters<typeof sweepOutcome>[2],
  more: Parameters<typeof writeGuarded>[1] = [],
) {
  try {
    await writeGuarded(deps.db, [sweepOutcome(deps.db, sweep, outcome), ...more]);
  } catch (error) {
    // Another sweeper recorded it first: its record stands.
    if (error instanceof WriteConditionFailedError && error.role === 'sweep') return;
    throw error;
  }
}

/** The sweep's receipt, recorded: what reached each treasury, the gas and the fee; its deposits leave the due list. */
async function recordOutcome(deps: Deps, sweep: SweepRecord, receipt: SweepReceipt): Promise<SweepRecord> {
  const gas = {
    minedAt: deps.clock.now().toISOString(),
    blockNumber: receipt.blockNumber.toString(),
    gasUsed: receipt.gasUsed.toString(),
    feeWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
  };
  if (receipt.status === 'reverted') {
    log.error('sweeper: a sweep reverted; its deposits stay due', { chain: sweep.chain, txHash: sweep.txHash });
    const outcome = { status: 'REVERTED' as const, ...gas, sweptMicro: 0n };
    await writeOutcome(deps, sweep, outcome);
    return { ...sweep, ...outcome };
  }
  const flushed = flushedLogs(sweep.factory, receipt.logs).filter(
    (entry) => entry.token.toLowerCase() === sweep.token.toLowerCase(),
  );
  const byOrganization = new Map<string, { sweptMicro: bigint; sweptBeforeCreditMicro: bigint }>();
  const movedBeforeCredit: SweptBeforeCredit[] = [];
  for (const forwarder of sweep.forwarders) {
    const logs = flushed.filter((entry) => entry.forwarder.toLowerCase() === forwarder.address.toLowerCase());
    const moved = logs.reduce((sum, entry) => sum + entry.amount, 0n);
    const covered = forwarder.deposits.reduce((sum, deposit) => sum + deposit.amountMicro, 0n);
    // A flush moves the forwarder's whole balance: beyond the covered deposits, transfers mined after the balance
    // was read, not credited yet. Their credits are matched to this later (`match-swept-before-credit.ts`).
    const beyond = moved > covered ? moved - covered : 0n;
    const swept = moved - beyond;
    const [last] = logs.slice(-1);
    if (beyond > 0n && last) {
      movedBeforeCredit.push({
        chain: sweep.chain,
        organizationId: forwarder.organizationId,
        address: forwarder.address,
        amountMicro: beyond,
        sweptThroughBlock: gas.blockNumber,
        sweptThroughLogIndex: last.logIndex,
      });
    }
    const total = byOrganization.get(forwarder.organizationId) ?? { sweptMicro: 0n, sweptBeforeCreditMicro: 0n };
    total.sweptMicro += swept;
    total.sweptBeforeCreditMicro += beyond;
    byOrganization.set(forwarder.organizationId, total);
  }
  const sweptMicro = flushed.reduce((sum, entry) => sum + entry.amount, 0n);
  const toTreasuries = new Map<string, bigint>();
  for (const entry of flushed)
    toTreasuries.set(entry.treasury, (toTreasuries.get(entry.treasury) ?? 0n) + entry.amount);
  const movedToTreasuries = [...toTreasuries].map(([treasury, movedMicro]) => ({ treasury, movedMicro }));
  const outcome = { status: 'MINED' as const, ...gas, sweptMicro, movedToTreasuries };
  await writeOutcome(deps, sweep, outcome, [
    ...sweep.forwarders.flatMap((forwarder) =>
      forwarder.deposits.map((deposit) => sweepDueDelete(deps.db, sweep.chain, forwarder.address, deposit)),
    ),
    ...[...byOrganization].map(([organizationId, change]) =>
      custodyTotalsAdd(deps.db, { organizationId, chain: sweep.chain, now: gas.minedAt }, change),
    ),
    ...movedBeforeCredit.map((moved) => sweptBeforeCreditAdd(deps.db, moved)),
  ]);
  return { ...sweep, ...outcome };
}
