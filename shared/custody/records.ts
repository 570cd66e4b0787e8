import { ChainSchema } from '#shared/money/chains.ts';
import { MicroSchema } from '#shared/money/micro.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the custody area, parsed on every read (see `sweep-repository.ts`). */

/** A credited deposit a sweep covers: its due item's key parts and amount. */
export const CoveredDepositSchema = z.object({
  txHash: z.string(),
  logIndex: z.number().check(z.int(), z.gte(0)),
  amountMicro: MicroSchema,
});

/** One forwarder of a sweep: where it is, who it belongs to, how the factory finds it, what it should hold. */
export const SweptForwarderSchema = z.object({
  address: z.string(),
  organizationId: z.string(),
  treasury: z.string(),
  salt: z.string(),
  deposits: z.array(CoveredDepositSchema),
});
export type SweptForwarder = z.infer<typeof SweptForwarderSchema>;

/**
 * A sweep, one per relayer nonce and chain (`SWEEP#<chain>` / `NONCE#<nonce>`). Claimed SENT with its signed
 * transaction before it is broadcast, so a crashed or concurrent sweeper finds it by its nonce and only ever sends
 * those same bytes again; MINED or REVERTED once its receipt is read (REPLACED: its nonce was used by a transaction
 * that is not this one, so it never will be mined; its deposits are swept again).
 */
export const SweepStatusSchema = z.enum(['SENT', 'MINED', 'REVERTED', 'REPLACED']);
export type SweepStatus = z.infer<typeof SweepStatusSchema>;

/** What a mined sweep's `Flushed` logs moved to one treasury. */
export const TreasuryMovedSchema = z.object({ treasury: z.string(), movedMicro: MicroSchema });

/**
 * The check of a mined sweep against the chain, written once (`check-sweep-treasuries.ts`): per treasury, the
 * balance change over the sweep's block (`actualMicro`) against what the sweep recorded as moved there plus every
 * other transfer into or out of it in that block (`expectedMicro`).
 */
export const TreasuryCheckSchema = z.object({
  checkedAt: z.string(),
  agrees: z.boolean(),
  treasuries: z.array(
    z.object({ treasury: z.string(), expectedMicro: MicroSchema, actualMicro: MicroSchema, otherMicro: MicroSchema }),
  ),
});
export type TreasuryCheck = z.infer<typeof TreasuryCheckSchema>;

export const SweepRecordSchema = z.object({
  chain: ChainSchema,
  nonce: z.string(),
  relayer: z.string(),
  factory: z.string(),
  token: z.string(),
  status: SweepStatusSchema,
  txHash: z.string(),
  /** The signed transaction: the only bytes ever broadcast for this nonce (a relayer's signature, no key). */
  rawTransaction: z.string(),
  forwarders: z.array(SweptForwarderSchema),
  claimedAt: z.string(),
  minedAt: z.nullable(z.string()),
  blockNumber: z.nullable(z.string()),
  gasUsed: z.nullable(z.string()),
  /** gasUsed x effectiveGasPrice, in wei of the chain's native coin. */
  feeWei: z.nullable(z.string()),
  /** What the receipt's `Flushed` logs say reached the treasuries. */
  sweptMicro: z.nullable(MicroSchema),
  /** Per treasury, what the receipt's `Flushed` logs moved there (MINED sweeps; empty before). */
  movedToTreasuries: z._default(z.array(TreasuryMovedSchema), []),
  /** Null until the treasuries' balances were checked against the chain (mined sweeps only). */
  treasuryCheck: z._default(z.nullable(TreasuryCheckSchema), null),
});
export type SweepRecord = z.infer<typeof SweepRecordSchema>;

/**
 * An organization's custody totals on a chain: what was credited to its forwarders, what was swept of those credits,
 * and what sweeps moved to its treasury before the deposit was credited (a transfer mined between a sweep's balance
 * check and its block: the sweep empties the forwarder, the credit follows; the sweeper then matches the two).
 */
export const CustodyTotalsSchema = z.object({
  organizationId: z.string(),
  chain: ChainSchema,
  creditedMicro: z._default(MicroSchema, 0n),
  sweptMicro: z._default(MicroSchema, 0n),
  sweptBeforeCreditMicro: z._default(MicroSchema, 0n),
});
export type CustodyTotals = z.infer<typeof CustodyTotalsSchema>;

/**
 * What sweeps moved from one forwarder beyond the deposits they covered (`SWEPTBEFORECREDIT#<chain>` / address):
 * deposits mined after the sweep's balance check, not yet credited. Each credit of such a deposit is matched against
 * it and counts as swept, so no deposit waits as due at an empty forwarder.
 */
export const SweptBeforeCreditSchema = z.object({
  chain: ChainSchema,
  organizationId: z.string(),
  address: z.string(),
  amountMicro: MicroSchema,
  /**
   * Where on chain the latest sweep of this forwarder flushed it (block, block-wide log index of its `Flushed`): a
   * flush moves the forwarder's whole balance, so every transfer to it before that point left with a sweep.
   */
  sweptThroughBlock: z.string(),
  sweptThroughLogIndex: z.number().check(z.int(), z.gte(0)),
});
export type SweptBeforeCredit = z.infer<typeof SweptBeforeCreditSchema>;
