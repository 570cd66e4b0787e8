import { Decimal } from 'decimal.js';
import type { RelayerSigner } from '#shared/custody/kms-signer.ts';
import type { SweepReceipt } from '#shared/custody/relayer-chain.ts';
import { nextRelayerNonce, relayerNonceClaim } from '#shared/custody/relayer-nonce.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { getOwnershipProof } from '#shared/travel-rule/ownership-proof.ts';
import { checkSendTreasuries, type SendTreasuryDisagreement } from '#shared/treasury/check-send-treasuries.ts';
import type { SendAttempt, TreasurySendRecord, WaitingReason } from '#shared/treasury/records.ts';
import { type OnwardStep, sendOnwardCredits } from '#shared/treasury/send-onward-credits.ts';
import { purposeCompletion } from '#shared/treasury/send-purpose.ts';
import { listOpenSends, sendReplace } from '#shared/treasury/send-repository.ts';
import { type TreasuryChain, transferFromData } from '#shared/treasury/treasury-chain.ts';

/**
 * One run of a chain's treasury sends: the bank credits awaiting an onward send get their sends
 * (`send-onward-credits.ts`), then every open send is moved on by one step. Exactly once: an attempt's nonce,
 * signed bytes and hash are recorded (with the relayer nonce's claim, shared with the sweeps) BEFORE the bytes are
 * broadcast, and a SENT send is always looked up on chain first: by its receipt (recorded), by the relayer's mined
 * nonce having passed it without this hash (REPLACED: it can never be mined, so it is signed again), or else by
 * broadcasting the same bytes again (the chain cannot run a nonce twice). A send waits (WAITING, with its reason)
 * while the treasury or its allowance to the relayer cannot cover it, or while a self-hosted destination above the
 * threshold has no ownership proof. One send that throws is logged and left for the next run; the others go on.
 */

export type SentChain = {
  chain: Chain;
  usdcAddress: string;
  /** Above this EUR value a send to a self-hosted address waits for an ownership proof. */
  selfHostedProofAboveEur: string;
  /** How long a run waits for a receipt before leaving the send SENT for the next run. */
  receiptWaitMs?: number;
};

export type SendStep = 'mined' | 'sent' | 'waiting' | 'retry' | 'claimed-elsewhere' | 'failed';

export type SendsRun = {
  /** Bank credits awaiting an onward send, each sent (its send created) or left on the balance. */
  onward: OnwardStep[];
  steps: { sendId: string; step: SendStep; reason?: WaitingReason | null }[];
  /** Sends waiting because the treasury cannot cover them: alarmed. */
  treasuryShort: number;
  /** Sends waiting for an ownership proof. */
  awaitingProof: number;
  /** Mined sends whose treasury did not move by the sweeps and sends recorded in their block: alarmed. */
  treasuryDisagree: SendTreasuryDisagreement[];
};

const RECEIPT_POLL_MS = 250;

export async function runTreasurySends(
  deps: Deps,
  port: TreasuryChain,
  signer: RelayerSigner,
  settings: SentChain,
): Promise<SendsRun> {
  // First the bank credits awaiting a send: a send created now is signed in this very run.
  const onward = await sendOnwardCredits(deps);
  const steps: SendsRun['steps'] = [];
  for (const send of await listOpenSends(deps.db, settings.chain)) {
    try {
      const { step, record } = await advance(deps, port, signer, settings, send);
      steps.push({ sendId: send.sendId, step, reason: record.waitingReason });
    } catch (error) {
      log.error('treasury send: a step failed; the send is taken up again at the next run', {
        sendId: send.sendId,
        chain: settings.chain,
        error: error instanceof Error ? error.message : String(error),
      });
      steps.push({ sendId: send.sendId, step: 'failed' });
    }
  }
  const waiting = (reason: WaitingReason) => steps.filter((s) => s.step === 'waiting' && s.reason === reason).length;
  return {
    onward,
    steps,
    treasuryShort: waiting('TREASURY_SHORT'),
    awaitingProof: waiting('OWNERSHIP_PROOF_REQUIRED'),
    treasuryDisagree: await checkSendTreasuries(deps, port, settings),
  };
}

type Advanced = { step: SendStep; record: TreasurySendRecord };

async function advance(
  deps: Deps,
  port: TreasuryChain,
  signer: RelayerSigner,
  settings: SentChain,
  send: TreasurySendRecord,
): Promise<Advanced> {
  if (send.status === 'SENT') return settle(deps, port, settings, send);
  const holdUp = (await proofMissing(deps, settings, send)) ?? (await treasuryShort(port, signer, settings, send));
  if (holdUp) return wait(deps, send, holdUp.reason, holdUp.detail);
  return sign(deps, port, signer, settings, send);
}

/** A self-hosted destination above the threshold, with no proof of the customer's control of it. */
async function proofMissing(deps: Deps, settings: SentChain, send: TreasurySendRecord) {
  const rule = send.travelRule;
  if (rule?.custodian.type !== 'SELF_HOSTED' || rule.ownershipProvenAt) return undefined;
  if (new Decimal(rule.eurValue).lte(settings.selfHostedProofAboveEur)) return undefined;
  const proof = send.customerId
    ? await getOwnershipProof(deps.db, send.organizationId, send.customerId, send.destination)
    : undefined;
  if (proof) {
    send.travelRule = { ...rule, ownershipProvenAt: proof.verifiedAt };
    return undefined;
  }
  return {
    reason: 'OWNERSHIP_PROOF_REQUIRED' as const,
    detail: `EUR ${rule.eurValue} to a self-hosted address above EUR ${settings.selfHostedProofAboveEur}: the customer must sign the ownership message with ${send.destination}`,
  };
}

/** The treasury's USDC or its allowance to the relayer below the amount. */
async function treasuryShort(
  port: TreasuryChain,
  signer: RelayerSigner,
  settings: SentChain,
  send: TreasurySendRecord,
) {
  const [balance, allowance] = await Promise.all([
    port.tokenBalance(settings.usdcAddress, send.treasury),
    port.allowance(settings.usdcAddress, send.treasury, signer.address),
  ]);
  if (balance >= send.amountMicro && allowance >= send.amountMicro) return undefined;
  return {
    reason: 'TREASURY_SHORT' as const,
    detail: `needs ${formatMicro(send.amountMicro)} USDC; the treasury holds ${formatMicro(balance)} and allows the relayer ${formatMicro(allowance)}`,
  };
}

const bump = (deps: Deps, send: TreasurySendRecord, changes: Partial<TreasurySendRecord>): TreasurySendRecord => ({
  ...send,
  ...changes,
  updatedAt: deps.clock.now().toISOString(),
  version: send.version + 1,
});

async function wait(deps: Deps, send: TreasurySendRecord, reason: WaitingReason, detail: string): Promise<Advanced> {
  if (send.waitingReason === reason && send.waitingDetail === detail) return { step: 'waiting', record: send };
  const next = bump(deps, send, { status: 'WAITING', waitingReason: reason, waitingDetail: detail });
  log.warn('treasury send: waiting', { sendId: send.sendId, chain: send.chain, reason, detail });
  return { step: 'waiting', record: await replace(deps, send, next) };
}

/** Writes the change; a runner that changed the send first wins, and this run leaves it as that one wrote it. */
async function replace(deps: Deps, send: TreasurySendRecord, next: TreasurySendRecord, more = []) {
  await writeGuarded(deps.db, [sendReplace(deps.db, send, next), ...more]);
  return next;
}

/** Signs the transfer with the next relayer nonce, records the attempt and the nonce's claim, then broadcasts. */
async function sign(
  deps: Deps,
  port: TreasuryChain,
  signer: RelayerSigner,
  settings: SentChain,
  send: TreasurySendRecord,
): Promise<Advanced> {
  const [chainId, fees, nonce] = await Promise.all([
    port.chainId(),
    port.fees(),
    nextRelayerNonce(deps.db, settings.chain),
  ]);
  const data = transferFromData(send.treasury, send.destination, send.amountMicro);
  const estimate = await port.estimateGas({ from: signer.address, to: settings.usdcAddress, data });
  const signed = await signer.signTransaction({
    chainId,
    nonce,
    ...fees,
    // A fifth more than the estimate, as the sweeps allow: blocks move on between the estimate and the send.
    gas: (estimate * 6n) / 5n,
    to: settings.usdcAddress,
    value: 0n,
    data,
  });
  const now = deps.clock.now().toISOString();
  const attempt: SendAttempt = {
    nonce: `${nonce}`,
    txHash: signed.hash,
    rawTransaction: signed.raw,
    claimedAt: now,
    outcome: 'SENT',
  };
  const next = bump(deps, send, {
    status: 'SENT',
    waitingReason: null,
    waitingDetail: null,
    relayer: signer.address,
    attempts: [...send.attempts, attempt],
  });
  try {
    const claim = relayerNonceClaim(deps.db, settings.chain, nonce, { kind: 'TREASURY_SEND', id: send.sendId }, now);
    await writeGuarded(deps.db, [sendReplace(deps.db, send, next), claim]);
  } catch (error) {
    // Another runner signed this send, or a sweep took the nonce: nothing was broadcast; the next run decides again.
    if (error instanceof WriteConditionFailedError) return { step: 'claimed-elsewhere', record: send };
    throw error;
  }
  await port.sendRawTransaction(signed.raw);
  return settleReceipt(deps, port, settings, next, attempt);
}

/** A SENT send, looked up on chain before anything is sent again. */
async function settle(
  deps: Deps,
  port: TreasuryChain,
  settings: SentChain,
  send: TreasurySendRecord,
): Promise<Advanced> {
  const attempt = send.attempts.at(-1);
  if (!attempt || !send.relayer) throw new Error(`send ${send.sendId} is SENT without an attempt`);
  const receipt = await port.receipt(attempt.txHash);
  if (receipt) return record(deps, send, attempt, receipt);
  const mined = await port.nonce(send.relayer, 'latest');
  if (mined > BigInt(attempt.nonce)) {
    // Read again after the nonce: mined in between, it is this attempt after all.
    const late = await port.receipt(attempt.txHash);
    if (late) return record(deps, send, attempt, late);
    log.error('treasury send: its nonce went to another transaction; it is signed again', {
      sendId: send.sendId,
      nonce: attempt.nonce,
      txHash: attempt.txHash,
    });
    return closeAttempt(deps, send, 'REPLACED');
  }
  // The node may have lost it (a restart, a dropped pool): the same bytes, the same hash.
  await port.sendRawTransaction(attempt.rawTransaction);
  return settleReceipt(deps, port, settings, send, attempt);
}

async function settleReceipt(
  deps: Deps,
  port: TreasuryChain,
  settings: SentChain,
  send: TreasurySendRecord,
  attempt: SendAttempt,
): Promise<Advanced> {
  const deadline = Date.now() + (settings.receiptWaitMs ?? 20_000);
  for (;;) {
    const receipt = await port.receipt(attempt.txHash);
    if (receipt) return record(deps, send, attempt, receipt);
    if (Date.now() > deadline) return { step: 'sent', record: send };
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}

const withOutcome = (send: TreasurySendRecord, outcome: SendAttempt['outcome']) =>
  send.attempts.map((a, i) => (i === send.attempts.length - 1 ? { ...a, outcome } : a));

/** A reverted or replaced attempt moved nothing: the send waits to be signed again. */
function closeAttempt(deps: Deps, send: TreasurySendRecord, outcome: 'REVERTED' | 'REPLACED'): Promise<Advanced> {
  const next = bump(deps, send, {
    status: 'WAITING',
    waitingReason: 'RETRY',
    waitingDetail: `attempt at nonce ${send.attempts.at(-1)?.nonce} ${outcome.toLowerCase()}`,
    attempts: withOutcome(send, outcome),
  });
  return replace(deps, send, next).then((written) => ({ step: 'retry' as const, record: written }));
}

/** The receipt, recorded with what the send completes, in one transaction. */
async function record(
  deps: Deps,
  send: TreasurySendRecord,
  attempt: SendAttempt,
  receipt: SweepReceipt,
): Promise<Advanced> {
  if (receipt.status === 'reverted') {
    log.error('treasury send: its transfer reverted; it is signed again', {
      sendId: send.sendId,
      txHash: attempt.txHash,
    });
    return closeAttempt(deps, send, 'REVERTED');
  }
  const now = deps.clock.now();
  const next = bump(deps, send, {
    status: 'MINED',
    attempts: withOutcome(send, 'MINED'),
    txHash: attempt.txHash,
    blockNumber: `${receipt.blockNumber}`,
    minedAt: now.toISOString(),
  });
  try {
    await writeGuarded(deps.db, [
      sendReplace(deps.db, send, next),
      ...(await purposeCompletion(deps, next, attempt.txHash, now)),
    ]);
  } catch (error) {
    // Another runner recorded it first: its record stands.
    if (error instanceof WriteConditionFailedError && error.role === 'send') return { step: 'mined', record: next };
    throw error;
  }
  return { step: 'mined', record: next };
}
