import { type GuardedItem, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { depositStageWrites, getDepositStage } from '#shared/deposits/deposit-stage-repository.ts';
import type { DepositStage } from '#shared/deposits/records.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import type { Chain } from '#shared/money/chains.ts';
import type { AddressLookup } from '#shared/wallets/records.ts';

export type Sighting = {
  chain: Chain;
  wallet: AddressLookup;
  amount: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
};

/**
 * The first stage of a deposit: a transfer to a deposit address seen by the watcher before its
 * confirmations is recorded PROCESSING, with `deposit.status_changed`, in one transaction guarded on the stage not
 * existing and on the transfer not being credited yet, so however often the watcher reads it, it is sighted once.
 * True when this call recorded it.
 */
export async function sightInboundTransfer(deps: Deps, sighting: Sighting): Promise<boolean> {
  const txHash = sighting.txHash.toLowerCase();
  const transfer = { chain: sighting.chain, txHash, logIndex: sighting.logIndex };
  if (await getDepositStage(deps.db, transfer)) return false;
  const now = deps.clock.now();
  const stage: DepositStage = {
    ...transfer,
    organizationId: sighting.wallet.organizationId,
    customerId: sighting.wallet.customerId,
    transactionId: newId(),
    address: sighting.wallet.address,
    amount: sighting.amount,
    blockNumber: sighting.blockNumber.toString(),
    status: 'PROCESSING',
    updatedAt: now.toISOString(),
  };
  const notCredited: GuardedItem<'inbound'> = {
    role: 'inbound',
    item: {
      ConditionCheck: {
        TableName: deps.db.tableName,
        Key: keys.inboundTransfer(transfer.chain, txHash, transfer.logIndex),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
  try {
    await writeGuarded(deps.db, [...depositStageWrites(deps.db, stage, null, now), notCredited]);
    return true;
  } catch (error) {
    // Sighted by another watcher, or already credited (the sandbox route credits at once): nothing to add.
    if (error instanceof WriteConditionFailedError) return false;
    throw error;
  }
}
