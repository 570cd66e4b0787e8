import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  BaseError,
  BlockNotFoundError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  ExecutionRevertedError,
  getAddress,
  http,
  parseAbi,
  parseAbiItem,
} from 'viem';
import { type ChainPort, ChainRpcError, type SafeSetup, type TransferLog } from '#shared/rails/chain/port.ts';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Every answer is read fresh: a watcher re-reading head and hashes after a reorganisation must not see a cache. */
const FRESH = { cacheTime: 0 } as const;

/** The two views every Safe version (1.0 to 1.4) answers; the Safe checks of `POST /verify-address` call them. */
const SAFE = parseAbi([
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
]);

/**
 * A call the contract itself refused (a revert, no such function, an answer that does not decode) says "not a
 * Safe"; anything else (HTTP failure, timeout, a node's own error) is a ChainRpcError, never a "no".
 */
const REFUSALS = [
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
];
const isContractRefusal = (error: unknown) =>
  error instanceof BaseError && error.walk((cause) => REFUSALS.some((kind) => cause instanceof kind)) !== null;

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

    safeSetup: async (address) => {
      const contract = { address: getAddress(address), abi: SAFE } as const;
      let setup: [bigint, readonly string[]];
      try {
        setup = await Promise.all([
          client.readContract({ ...contract, functionName: 'getThreshold' }),
          client.readContract({ ...contract, functionName: 'getOwners' }),
        ]);
      } catch (error) {
        if (isContractRefusal(error)) return undefined;
        return rpcFailure('eth_call')(error);
      }
      return safeSetupOf(setup[0], setup[1]);
    },
  };
}

/** What a real Safe answers: at least one owner and 1 <= threshold <= owners. */
function safeSetupOf(threshold: bigint, owners: readonly string[]): SafeSetup | undefined {
  if (owners.length === 0 || threshold < 1n || threshold > BigInt(owners.length)) return undefined;
  return { threshold: Number(threshold), owners: owners.map((owner) => getAddress(owner)) };
}
