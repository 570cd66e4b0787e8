import { createPublicClient, http } from 'viem';
import type { ChainRpcConfig } from '#shared/config/chain-rpc.ts';
import type { Db } from '#shared/db/client.ts';
import { getChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { WATCHER_LAG_LIMIT_BLOCKS } from '#shared/deposits/watcher-lag.ts';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';
import type { Chain } from '#shared/money/chains.ts';
import { resolveRpcUrl } from '#shared/rails/chain/rpc-url.ts';

const CHECK = 'watcher lag';

/** How one chain's watcher stands: its cursor against the head its node answers, in blocks and in block time. */
async function lagOf(db: Db, chain: Chain, url: string) {
  const cursor = await getChainCursor(db, chain);
  if (!cursor) return { chain, wrong: `${chain}: no cursor (the watcher has never read a block)` };
  const client = createPublicClient({ transport: http(url, { retryCount: 1 }) });
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const at = BigInt(cursor.blockNumber);
  const behind = head > at ? head - at : 0n;
  const [headBlock, cursorBlock] = await Promise.all([
    client.getBlock({ blockNumber: head }),
    client.getBlock({ blockNumber: at < head ? at : head }),
  ]);
  const seconds = Number(headBlock.timestamp - cursorBlock.timestamp);
  const confirmations = cursor.confirmations ?? 0;
  const said = `${chain}: cursor ${at}, head ${head}: ${behind} blocks (${seconds} s) behind, ${confirmations} confirmations`;
  return behind - BigInt(confirmations) > BigInt(WATCHER_LAG_LIMIT_BLOCKS) ? { chain, wrong: said } : { chain, said };
}

/**
 * Each chain watcher's cursor is within its confirmations plus `WATCHER_LAG_LIMIT_BLOCKS` of the chain's head, read
 * from the nodes the watchers use (`CHAIN_RPC`: the SSM parameters in AWS, the URLs locally); a chain whose node
 * does not answer is a finding of its own.
 */
export async function checkWatcherLag(db: Db, nodes: ChainRpcConfig, region: string): Promise<Finding> {
  const chains = Object.keys(nodes) as Chain[];
  if (chains.length === 0) {
    return problem(
      CHECK,
      'CHAIN_RPC names no chain',
      `Name the watchers' nodes: CHAIN_RPC='{"base":{"parameterName":"/payouts/<stage>/rpc-url/base"},...}'`,
    );
  }
  const results = await Promise.all(
    chains.map(async (chain) => {
      const rpc = nodes[chain];
      if (!rpc) return { chain, wrong: `${chain}: no node` };
      try {
        return await lagOf(db, chain, await resolveRpcUrl(rpc, region));
      } catch (error) {
        return { chain, wrong: `${chain}: the node did not answer (${(error as Error).message.split('\n')[0]})` };
      }
    }),
  );
  const wrong = results.flatMap((result) => ('wrong' in result && result.wrong ? [result.wrong] : []));
  if (wrong.length > 0) {
    return problem(
      CHECK,
      wrong.join('; '),
      `A watcher more than ${WATCHER_LAG_LIMIT_BLOCKS} blocks behind beyond its confirmations credits deposits late: ` +
        "look at its function's log and its RPC node (alarms ChainWatcher<Chain>Lag, ChainWatcher<Chain>RpcErrors)",
    );
  }
  return ok(CHECK, results.map((result) => ('said' in result ? result.said : '')).join('; '));
}
