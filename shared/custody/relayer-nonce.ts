import { latestSweep } from '#shared/custody/sweep-repository.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { queryPage } from '#shared/db/query.ts';
import type { Chain } from '#shared/money/chains.ts';

/**
 * The relayer's nonces of a chain, shared by the sweeps and the treasury sends it signs: each is claimed once, by a
 * conditional Put in the transaction that records the signed transaction, before it is broadcast. A signer takes the
 * nonce after the highest claimed (or the latest sweep's, for sweeps claimed before the claims were kept), never the
 * node's pending one, so of two signers that read the same state exactly one claims the nonce.
 */
export type NonceUser = { kind: 'SWEEP' | 'TREASURY_SEND'; id: string };

export async function nextRelayerNonce(db: Db, chain: Chain): Promise<bigint> {
  const { pk, skPrefix } = keys.relayerNoncesOfChain(chain);
  const [{ items }, sweep] = await Promise.all([
    queryPage(
      db,
      { partition: pk, sortKey: { beginsWith: skPrefix }, descending: true, consistent: true },
      { limit: 1 },
    ),
    latestSweep(db, chain),
  ]);
  const claimed = items[0] ? BigInt(String(items[0].nonce)) : -1n;
  const swept = sweep ? BigInt(sweep.nonce) : -1n;
  return (claimed > swept ? claimed : swept) + 1n;
}

/** The claim of `nonce` for `user`: fails if a sweep or a send claimed it first. */
export function relayerNonceClaim(
  db: Db,
  chain: Chain,
  nonce: bigint,
  user: NonceUser,
  at: string,
): GuardedItem<'claim'> {
  return {
    role: 'claim',
    item: {
      Put: {
        TableName: db.tableName,
        Item: { ...keys.relayerNonce(chain, nonce), entity: 'RELAYERNONCE', chain, nonce: `${nonce}`, ...user, at },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}
