import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import { type ChainPort, ChainRpcError, type SafeSetup, type TransferLog } from '#shared/rails/chain/port.ts';

/**
 * The chain port over Ethereum JSON-RPC, written on `fetch`: five methods and two fixed ABI shapes do not need a
 * client library (viem would be two thirds of the function's bundle). Every answer is read fresh, never cached:
 * a watcher re-reading head and hashes after a reorganisation must see the chain as it is now.
 */

/** keccak-256 of `Transfer(address,address,uint256)`: topic 0 of every ERC-20 transfer log. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The two views every Safe version (1.0 to 1.4) answers; the Safe checks of `POST /verify-address` call them. */
const GET_THRESHOLD = '0xe75235b8';
const GET_OWNERS = '0xa0e67e2b';

/** Attempts per request: a dropped connection, a timeout or a 5xx/429 is tried again, twice, after a pause. */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 150;

/** The node answered with a JSON-RPC error object: it was asked, and said no. */
class RpcErrorAnswer extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a contract says when it refuses a call: a revert (code 3 by EIP-1474, or a node's "reverted" text). */
const isRevert = (error: unknown) =>
  error instanceof RpcErrorAnswer && (error.code === 3 || /revert/i.test(error.message));

/** An answer that does not decode as the ABI type says: the contract is no such thing, the node is fine. */
class UndecodableAnswer extends Error {}

type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

function rpcClient(rpcUrl: string, timeoutMs: number): Rpc {
  let nextId = 1;
  return async (method, params) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status >= 500 || response.status === 429) throw new Error(`HTTP ${response.status}`);
        if (!response.ok) throw new RpcErrorAnswer(-1, `HTTP ${response.status}`);
        const answer = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } };
        if (answer.error) throw new RpcErrorAnswer(answer.error.code ?? 0, answer.error.message ?? 'error');
        return answer.result;
      } catch (error) {
        if (error instanceof RpcErrorAnswer || attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
      }
    }
  };
}

const rpcFailure = (what: string) => (error: unknown) => {
  throw new ChainRpcError(`${what}: ${error instanceof Error ? error.message : String(error)}`);
};

const hex = (value: bigint) => `0x${value.toString(16)}`;

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new Error(`${what} is not a quantity`);
  return BigInt(value);
}

/** The 32-byte words of ABI-encoded return data. */
function words(data: unknown): bigint[] {
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{64})*$/.test(data) || data === '0x') {
    throw new UndecodableAnswer('not ABI words');
  }
  return (data.slice(2).match(/.{64}/g) ?? []).map((word) => BigInt(`0x${word}`));
}

const addressOfWord = (word: bigint) => {
  if (word >> 160n) throw new UndecodableAnswer('not an address');
  return toChecksumAddress(`0x${word.toString(16).padStart(40, '0')}`);
};

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

type RawLog = {
  removed?: boolean;
  blockNumber: string | null;
  blockHash: string | null;
  transactionHash: string | null;
  logIndex: string | null;
  address: string;
  topics: string[];
  data: string;
};

/** A log decoded as an ERC-20 `Transfer`, or undefined when it is not one (three topics, one 32-byte word). */
function transferOf(log: RawLog): TransferLog | undefined {
  const [topic, from, to] = log.topics;
  if (log.removed || log.blockNumber === null || log.transactionHash === null || log.blockHash === null) return;
  if (log.topics.length !== 3 || topic?.toLowerCase() !== TRANSFER_TOPIC || !from || !to) return;
  if (!/^0x[0-9a-fA-F]{64}$/.test(log.data)) return;
  try {
    return {
      blockNumber: quantity(log.blockNumber, 'blockNumber'),
      blockHash: log.blockHash,
      txHash: log.transactionHash,
      logIndex: Number(quantity(log.logIndex, 'logIndex')),
      token: log.address,
      from: addressOfWord(BigInt(from)),
      to: addressOfWord(BigInt(to)),
      value: BigInt(log.data),
    };
  } catch {
    return undefined;
  }
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
