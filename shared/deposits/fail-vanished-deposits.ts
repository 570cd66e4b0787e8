import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { depositStageWrites, listPendingDeposits } from '#shared/deposits/deposit-stage-repository.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';

/**
 * The FAILED stage: the watcher has read and credited every block up to `readUpTo`, and a credit ends a
 * deposit's pending entry, so a deposit still pending that was seen at or below that block is no longer on the
 * chain: a reorganisation removed it before its confirmations. Each is failed with `deposit.status_changed`, guarded
 * on PROCESSING, so two watchers fail it once. Returns how many this call failed.
 */
export async function failVanishedDeposits(deps: Deps, chain: Chain, readUpTo: bigint): Promise<number> {
  const pending = await listPendingDeposits(deps.db, chain);
  let failed = 0;
  for (const stage of pending) {
    if (stage.blockNumber === null || BigInt(stage.blockNumber) > readUpTo) continue;
    const now = deps.clock.now();
    try {
      await writeGuarded(
        deps.db,
        depositStageWrites(deps.db, { ...stage, status: 'FAILED', updatedAt: now.toISOString() }, 'PROCESSING', now),
      );
      failed++;
    } catch (error) {
      if (!(error instanceof WriteConditionFailedError)) throw error;
    }
  }
  return failed;
}
