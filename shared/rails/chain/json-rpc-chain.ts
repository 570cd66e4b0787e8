import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import {
  addressOfWord,
  hex,
  isRevert,
  quantity,
  type RawLog,
  rpcClient,
  rpcFailure,
  TRANSFER_TOPIC,
  transferOf,
  UndecodableAnswer,
} from '#shared/rails/chain/json-rpc.ts';
import { type ChainPort, ChainRpcError, type SafeSetup } from '#shared/rails/chain/port.ts';

/**
 * The chain port over Ethereum JSON-RPC, written on `fetch`: five methods and two fixed ABI shapes do not need a
 * client library (viem would be two thirds of the function's bundle). Every answer is read fresh, never cached:
 * a watcher re-reading head and hashes after a reorganisation must see the chain as it is now.
 */

/** The two views every Safe version (1.0 to 1.4) answers; the Safe checks of `POST /verify-address` call them. */
const GET_THRESHOLD = '0xe75235b8';
const GET_OWNERS = '0xa0e67e2b';

/** The 32-byte words of ABI-encoded return data. */
function words(data: unknown): bigint[] {
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{64})*$/.test(data) || data === '0x') {
    throw new UndecodableAnswer('not ABI words');
  }
  return (data.slice(2).match(/.{64}/g) ?? []).map((word) => BigInt(`0x${word}`));
}

/** `address[]` as the only return value: an offset, then the length, then one word per address. */
function addressArray(data: unknown): string[] {
  const all = words(data);
  const offset = all[0] ?? -1n;
  if (offset % 32n !== 0n || offset / 32n >= BigInt(all.length)) throw new UndecodableAnswer('bad offset');
  const start = Number(offset / 32n);
  const length = all[start] ?? 0n;
  if (length > BigInt(all.length - start - 1)) throw new UndecodableAnswer('array longer than the data');
  return all.slice(start + 1, start + 1 + Number(length)).map(addressOfWord);
}

/** The chain port over JSON-RPC: `eth_blockNumber`, `eth_getBlockByNumber`, `eth_getLogs`, `eth_getCode`, `eth_call`. */
export function jsonRpcChain(rpcUrl: string, options: { timeoutMs?: number } = {}): ChainPort {
  const rpc = rpcClient(rpcUrl, options.timeoutMs ?? 10_000);
  const call = (to: string, data: string) => rpc('eth_call', [{ to, data }, 'latest']);
  return {
    headBlockNumber: () =>
      rpc('eth_blockNumber', [])
        .then((result) => quantity(result, 'eth_blockNumber'))
        .catch(rpcFailure('eth_blockNumber')),

    blockHash: async (blockNumber) => {
      const block = (await rpc('eth_getBlockByNumber', [hex(blockNumber), false]).catch(
        rpcFailure('eth_getBlockByNumber'),
      )) as { hash?: string } | null;
      return block?.hash ?? undefined;
    },

    transferLogs: async ({ token, fromBlock, toBlock }) => {
      const filter = {
        address: toChecksumAddress(token),
        topics: [TRANSFER_TOPIC],
        fromBlock: hex(fromBlock),
        toBlock: hex(toBlock),
      };
      const logs = await rpc('eth_getLogs', [filter]).catch(rpcFailure('eth_getLogs'));
      if (!Array.isArray(logs)) throw new ChainRpcError('eth_getLogs: the answer is not a list');
      return (logs as RawLog[]).flatMap((log) => transferOf(log) ?? []);
    },

    tokenBalance: async (token, owner) => {
      const data = `0x70a08231${BigInt(toChecksumAddress(owner)).toString(16).padStart(64, '0')}`;
      const answer = await call(toChecksumAddress(token), data).catch(rpcFailure('eth_call balanceOf'));
      const [balance] = words(answer);
      if (balance === undefined) throw new ChainRpcError('balanceOf: the token answered nothing');
      return balance;
    },

    isContract: async (address) => {
      const code = await rpc('eth_getCode', [toChecksumAddress(address), 'latest']).catch(rpcFailure('eth_getCode'));
      return typeof code === 'string' && code !== '0x' && code !== '';
    },

    safeSetup: async (address) => {
      const to = toChecksumAddress(address);
      let threshold: bigint;
      let owners: string[];
      try {
        const [thresholdData, ownersData] = await Promise.all([call(to, GET_THRESHOLD), call(to, GET_OWNERS)]);
        const [thresholdWord] = words(thresholdData);
        if (thresholdWord === undefined) throw new UndecodableAnswer('no threshold');
        threshold = thresholdWord;
        owners = addressArray(ownersData);
      } catch (error) {
        // A revert, no such function (empty answer) or an answer that does not decode: not a Safe.
        if (isRevert(error) || error instanceof UndecodableAnswer) return undefined;
        return rpcFailure('eth_call')(error);
      }
      return safeSetupOf(threshold, owners);
    },
  };
}

/** What a real Safe answers: at least one owner and 1 <= threshold <= owners. */
function safeSetupOf(threshold: bigint, owners: readonly string[]): SafeSetup | undefined {
  if (owners.length === 0 || threshold < 1n || threshold > BigInt(owners.length)) return undefined;
  return { threshold: Number(threshold), owners: [...owners] };
}
