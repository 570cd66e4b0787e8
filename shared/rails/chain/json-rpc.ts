import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import { ChainRpcError, type TransferLog } from '#shared/rails/chain/port.ts';

/**
 * Ethereum JSON-RPC on `fetch`: the transport, and the few decoders the chain port and the sandbox's token transfer
 * share. No client library: viem would be two thirds of a function's bundle.
 */

/** keccak-256 of `Transfer(address,address,uint256)`: topic 0 of every ERC-20 transfer log. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** Attempts per request: a dropped connection, a timeout or a 5xx/429 is tried again, twice, after a pause. */
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 150;

/** The node answered with a JSON-RPC error object: it was asked, and said no. */
export class RpcErrorAnswer extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a contract says when it refuses a call: a revert (code 3 by EIP-1474, or a node's "reverted" text). */
export const isRevert = (error: unknown) =>
  error instanceof RpcErrorAnswer && (error.code === 3 || /revert/i.test(error.message));

/** An answer that does not decode as the ABI type says: the contract is no such thing, the node is fine. */
export class UndecodableAnswer extends Error {}

export type Rpc = (method: string, params: unknown[]) => Promise<unknown>;

export function rpcClient(rpcUrl: string, timeoutMs: number): Rpc {
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

export const rpcFailure = (what: string) => (error: unknown) => {
  throw new ChainRpcError(`${what}: ${error instanceof Error ? error.message : String(error)}`);
};

export const hex = (value: bigint) => `0x${value.toString(16)}`;

export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new Error(`${what} is not a quantity`);
  return BigInt(value);
}

export const addressOfWord = (word: bigint) => {
  if (word >> 160n) throw new UndecodableAnswer('not an address');
  return toChecksumAddress(`0x${word.toString(16).padStart(40, '0')}`);
};

export type RawLog = {
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
export function transferOf(log: RawLog): TransferLog | undefined {
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
