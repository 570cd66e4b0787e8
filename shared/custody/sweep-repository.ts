import {
  type SweepRecord,
  SweepRecordSchema,
  type SweptBeforeCredit,
  SweptBeforeCreditSchema,
  type TreasuryCheck,
} from '#shared/custody/records.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { queryAll, queryPage } from '#shared/db/query.ts';
import { type SweepDue, SweepDueSchema } from '#shared/deposits/sweep-due.ts';
import { micro } from '#shared/ledger/balance-repository.ts';
import type { Chain } from '#shared/money/chains.ts';

const SWEEP_ATTRIBUTES = Object.keys(SweepRecordSchema.shape);
const DUE_ATTRIBUTES = Object.keys(SweepDueSchema.shape);
const AHEAD_ATTRIBUTES = Object.keys(SweptBeforeCreditSchema.shape);
const pick = (item: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, item[name]]));

export const parseSweep = (item: Record<string, unknown>): SweepRecord =>
  SweepRecordSchema.parse(pick(item, SWEEP_ATTRIBUTES));

/** Every item of one partition, paged through, strongly read (the sweeper decides on what it lists). */
const queryPartition = <T>(db: Db, pk: string, parse: (item: Record<string, unknown>) => T): Promise<T[]> =>
  queryAll(db, { partition: pk, consistent: true }, parse);

/** Every deposit of `chain` awaiting its sweep (one partition). */
export const listSweepsDue = (db: Db, chain: Chain): Promise<SweepDue[]> =>
  queryPartition(db, keys.sweepsDue(chain).pk, (item) => SweepDueSchema.parse(pick(item, DUE_ATTRIBUTES)));

/** The `limit` sweeps with the highest nonces on `chain`, newest first. */
export async function recentSweeps(db: Db, chain: Chain, limit: number): Promise<SweepRecord[]> {
  const { pk, skPrefix } = keys.sweepsOfChain(chain);
  const { items } = await queryPage(
    db,
    { partition: pk, sortKey: { beginsWith: skPrefix }, descending: true, consistent: true },
    { limit },
  );
  return items.map(parseSweep);
}

/** The sweep with the highest nonce on `chain`, or undefined before the first. */
export async function latestSweep(db: Db, chain: Chain): Promise<SweepRecord | undefined> {
  const [latest] = await recentSweeps(db, chain, 1);
  return latest;
}

/** The claim of a nonce: fails if any sweeper claimed it first. */
export function sweepClaim(db: Db, sweep: SweepRecord): GuardedItem<'claim'> {
  return {
    role: 'claim',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.sweep(sweep.chain, BigInt(sweep.nonce)),
          entity: 'SWEEP',
          ...sweep,
          sweptMicro: sweep.sweptMicro === null ? null : micro(sweep.sweptMicro),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/** A SENT sweep's outcome, written once: guarded on its status still being SENT. */
export function sweepOutcome(
  db: Db,
  sweep: SweepRecord,
  outcome: Pick<SweepRecord, 'status' | 'minedAt' | 'blockNumber' | 'gasUsed' | 'feeWei' | 'sweptMicro'> &
    Partial<Pick<SweepRecord, 'movedToTreasuries'>>,
): GuardedItem<'sweep'> {
  // A mined sweep is listed for its treasury check (`check-sweep-treasuries.ts`) until that check is written.
  const unchecked = outcome.status === 'MINED' ? keys.sweepUnchecked(sweep.chain, BigInt(sweep.nonce)) : undefined;
  return {
    role: 'sweep',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.sweep(sweep.chain, BigInt(sweep.nonce)),
        UpdateExpression:
          'SET #status = :status, minedAt = :minedAt, blockNumber = :block, gasUsed = :gas, feeWei = :fee, sweptMicro = :swept, movedToTreasuries = :moved' +
          (unchecked ? ', gsi1pk = :uncheckedPk, gsi1sk = :uncheckedSk' : ''),
        ConditionExpression: '#status = :sent',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':minedAt': outcome.minedAt,
          ':block': outcome.blockNumber,
          ':gas': outcome.gasUsed,
          ':fee': outcome.feeWei,
          ':swept': outcome.sweptMicro === null ? null : micro(outcome.sweptMicro),
          ':moved': (outcome.movedToTreasuries ?? []).map((moved) => ({ ...moved, movedMicro: `${moved.movedMicro}` })),
          ...(unchecked ? { ':uncheckedPk': unchecked.gsi1pk, ':uncheckedSk': unchecked.gsi1sk } : {}),
          ':sent': 'SENT',
        },
      },
    },
  };
}

/** A covered deposit leaves the awaiting list in the transaction that records its sweep. */
export function sweepDueDelete(
  db: Db,
  chain: Chain,
  address: string,
  deposit: { txHash: string; logIndex: number },
): GuardedItem<'due'> {
  return {
    role: 'due',
    item: {
      Delete: {
        TableName: db.tableName,
        Key: keys.sweepDue(chain, address, deposit.txHash, deposit.logIndex),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  };
}

/** Every forwarder of `chain` a sweep moved USDC from before that USDC was credited (one partition). */
export const listSweptBeforeCredit = (db: Db, chain: Chain): Promise<SweptBeforeCredit[]> =>
  queryPartition(db, keys.sweptBeforeCreditOfChain(chain).pk, (item) =>
    SweptBeforeCreditSchema.parse(pick(item, AHEAD_ATTRIBUTES)),
  );

/** A sweep's record adds what it moved from a forwarder beyond the deposits it covered. */
export function sweptBeforeCreditAdd(db: Db, moved: SweptBeforeCredit): GuardedItem<'sweptBeforeCredit'> {
  return {
    role: 'sweptBeforeCredit',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.sweptBeforeCredit(moved.chain, moved.address),
        UpdateExpression:
          'ADD amountMicro :amount SET entity = :entity, chain = :chain, organizationId = :org, address = :address, ' +
          'sweptThroughBlock = :block, sweptThroughLogIndex = :logIndex',
        ExpressionAttributeValues: {
          ':amount': micro(moved.amountMicro),
          ':entity': 'SWEPTBEFORECREDIT',
          ':chain': moved.chain,
          ':org': moved.organizationId,
          ':address': moved.address,
          ':block': moved.sweptThroughBlock,
          ':logIndex': moved.sweptThroughLogIndex,
        },
      },
    },
  };
}

/**
 * A match takes `amount` off a forwarder's swept-before-credit amount, guarded on it still holding that much (so two
 * sweepers never match the same USDC twice); the item goes once it is used up.
 */
export function sweptBeforeCreditTake(
  db: Db,
  from: SweptBeforeCredit,
  amount: bigint,
): GuardedItem<'sweptBeforeCredit'> {
  const Key = keys.sweptBeforeCredit(from.chain, from.address);
  if (amount === from.amountMicro) {
    return {
      role: 'sweptBeforeCredit',
      item: {
        Delete: {
          TableName: db.tableName,
          Key,
          ConditionExpression: 'amountMicro = :amount',
          ExpressionAttributeValues: { ':amount': micro(amount) },
        },
      },
    };
  }
  return {
    role: 'sweptBeforeCredit',
    item: {
      Update: {
        TableName: db.tableName,
        Key,
        UpdateExpression: 'ADD amountMicro :taken',
        ConditionExpression: 'amountMicro >= :amount',
        ExpressionAttributeValues: { ':taken': micro(-amount), ':amount': micro(amount) },
      },
    },
  };
}

/** Mined sweeps of `chain` not yet checked against their treasuries' balances, oldest first, at most `limit`. */
export async function listUncheckedSweeps(db: Db, chain: Chain, limit: number): Promise<SweepRecord[]> {
  const partition = keys.sweepsUncheckedOfChain(chain).gsi1pk;
  const { items } = await queryPage(db, { index: 'gsi1', partition }, { limit });
  return items.map(parseSweep);
}

/**
 * A sweep's treasury check, written once: guarded on the sweep still being listed as unchecked, whose entry it
 * removes (of two sweepers checking the same sweep, one writes; the other's verdict is dropped).
 */
export function sweepTreasuryChecked(db: Db, sweep: SweepRecord, check: TreasuryCheck): GuardedItem<'treasuryCheck'> {
  return {
    role: 'treasuryCheck',
    item: {
      Update: {
        TableName: db.tableName,
        Key: keys.sweep(sweep.chain, BigInt(sweep.nonce)),
        UpdateExpression: 'SET treasuryCheck = :check REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(gsi1pk) AND #status = :mined',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':check': {
            ...check,
            treasuries: check.treasuries.map((entry) => ({
              treasury: entry.treasury,
              expectedMicro: `${entry.expectedMicro}`,
              actualMicro: `${entry.actualMicro}`,
              otherMicro: `${entry.otherMicro}`,
            })),
          },
          ':mined': 'MINED',
        },
      },
    },
  };
}
