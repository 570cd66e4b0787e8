import type { Db } from '#shared/db/client.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type ChainCursor, ChainCursorSchema } from '#shared/deposits/records.ts';

const ATTRIBUTES = Object.keys(ChainCursorSchema.shape);

export function getChainCursor(db: Db, chain: string): Promise<ChainCursor | undefined> {
  return readItem(db, keys.chainCursor(chain), (item) =>
    ChainCursorSchema.parse(Object.fromEntries(ATTRIBUTES.map((name) => [name, item[name]]))),
  );
}

/**
 * Moves the cursor to `blockNumber` (forward, or back after a reorganisation) if it is still the version that was
 * read; false when another watcher moved it first (that watcher carries on, this one stops its run).
 */
export async function moveChainCursor(
  db: Db,
  input: {
    chain: string;
    blockNumber: bigint;
    blockHash: string;
    seenVersion: number | undefined;
    at: Date;
    confirmations: number;
  },
): Promise<boolean> {
  const next: ChainCursor = {
    chain: input.chain,
    blockNumber: input.blockNumber.toString(),
    blockHash: input.blockHash,
    version: (input.seenVersion ?? 0) + 1,
    updatedAt: input.at.toISOString(),
    confirmations: input.confirmations,
  };
  try {
    await writeGuarded(db, [
      {
        role: 'cursor',
        item: {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.chainCursor(input.chain), entity: 'CHAINCURSOR', ...next },
            // Optimistic: only the watcher that read this version moves it; never a jump over another's move.
            ...(input.seenVersion === undefined
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : {
                  ConditionExpression: '#version = :seen',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':seen': input.seenVersion },
                }),
          },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof WriteConditionFailedError) return false;
    throw error;
  }
}

/** Forgets a chain's cursor: its next watcher run starts at its start block (a new local chain, an operator's reset). */
export async function resetChainCursor(db: Db, chain: string): Promise<void> {
  // No guard: whatever a watcher wrote, the next run starts over, and re-read transfers replay.
  await writeGuarded(db, [
    { role: 'cursor', item: { Delete: { TableName: db.tableName, Key: keys.chainCursor(chain) } } },
  ]);
}
