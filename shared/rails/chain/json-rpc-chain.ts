import { BlockNotFoundError, createPublicClient, getAddress, http, parseAbiItem } from 'viem';
import { type ChainPort, ChainRpcError, type TransferLog } from '#shared/rails/chain/port.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Every answer is read fresh: a watcher re-reading head and hashes after a reorganisation must not see a cache. */
const FRESH = { cacheTime: 0 } as const;

const rpcFailure = (what: string) => (error: unknown) => {
  throw new ChainRpcError(`${what}: ${error instanceof Error ? error.message : String(error)}`);
};

/** The chain port over JSON-RPC (viem): `eth_blockNumber`, `eth_getBlockByNumber`, `eth_getLogs`, `eth_getCode`. */
export function jsonRpcChain(rpcUrl: string, options: { timeoutMs?: number } = {}): ChainPort {
  const client = createPublicClient({
    transport: http(rpcUrl, { timeout: options.timeoutMs ?? 10_000, retryCount: 2 }),
    ...FRESH,
  });
  return {
    headBlockNumber: () => client.getBlockNumber(FRESH).catch(rpcFailure('eth_blockNumber')),

    blockHash: async (blockNumber) => {
      try {
        return (await client.getBlock({ blockNumber })).hash;
      } catch (error) {
        if (error instanceof BlockNotFoundError) return undefined;
        return rpcFailure('eth_getBlockByNumber')(error);
      }
    },

    transferLogs: async ({ token, fromBlock, toBlock }) => {
      const logs = await client
        .getLogs({ address: getAddress(token), event: TRANSFER, fromBlock, toBlock, strict: true })
        .catch(rpcFailure('eth_getLogs'));
      return logs
        .filter((log) => !log.removed && log.blockNumber !== null && log.transactionHash !== null)
        .map(
          (log): TransferLog => ({
            blockNumber: log.blockNumber,
            blockHash: log.blockHash,
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            token: log.address,
            from: log.args.from,
            to: log.args.to,
            value: log.args.value,
          }),
        );
    },

    isContract: async (address) => {
      const code = await client.getCode({ address: getAddress(address) }).catch(rpcFailure('eth_getCode'));
      return code !== undefined && code !== '0x';
    },
  };
}
