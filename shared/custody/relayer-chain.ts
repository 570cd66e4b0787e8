import { keccak_256 } from '@noble/hashes/sha3.js';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import {
  hex,
  quantity,
  type RawLog,
  RpcErrorAnswer,
  rpcClient,
  rpcFailure,
  TRANSFER_TOPIC,
  transferOf,
} from '#shared/rails/chain/json-rpc.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';

/**
 * What the sweeper asks of a chain, over the same JSON-RPC transport as the watcher (`shared/rails/chain/`): token
 * balances, the relayer's nonce and gas balance, fees, a gas estimate, broadcasting a signed transaction and its
 * receipt. It also encodes the factory's `flushBatch` and decodes its `Flushed` logs.
 */

const selector = (signature: string) =>
  Buffer.from(keccak_256(Buffer.from(signature, 'utf8')))
    .subarray(0, 4)
    .toString('hex');
const topic = (signature: string) => `0x${Buffer.from(keccak_256(Buffer.from(signature, 'utf8'))).toString('hex')}`;
const word = (value: bigint) => value.toString(16).padStart(64, '0');
const addressWord = (address: string) => word(BigInt(toChecksumAddress(address)));

const BALANCE_OF = selector('balanceOf(address)');
const FLUSH_BATCH = selector('flushBatch(address,(address,bytes32)[])');
export const FLUSHED_TOPIC = topic('Flushed(address,address,address,uint256)');

/** `flushBatch(token, [(treasury, salt), ...])` of the deposit forwarder factory. */
export function flushBatchData(token: string, forwarders: readonly { treasury: string; salt: string }[]): string {
  const entries = forwarders.map(({ treasury, salt }) => `${addressWord(treasury)}${salt.slice(2).padStart(64, '0')}`);
  return `0x${FLUSH_BATCH}${addressWord(token)}${word(0x40n)}${word(BigInt(forwarders.length))}${entries.join('')}`;
}

export type FlushedLog = { forwarder: string; token: string; treasury: string; amount: bigint; logIndex: number };

/** The factory's `Flushed` logs of a receipt (other logs, such as the token's own `Transfer`s, are skipped). */
export function flushedLogs(factory: string, logs: readonly RawLog[]): FlushedLog[] {
  return logs
    .filter(
      (log) =>
        log.address.toLowerCase() === factory.toLowerCase() &&
        log.topics[0]?.toLowerCase() === FLUSHED_TOPIC &&
        log.topics.length === 4,
    )
    .map((log) => ({
      forwarder: toChecksumAddress(`0x${(log.topics[1] ?? '').slice(-40)}`),
      token: toChecksumAddress(`0x${(log.topics[2] ?? '').slice(-40)}`),
      treasury: toChecksumAddress(`0x${(log.topics[3] ?? '').slice(-40)}`),
      amount: BigInt(log.data),
      logIndex: Number(BigInt(log.logIndex ?? '0x0')),
    }));
}

export type SweepReceipt = {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: RawLog[];
};

/** A token `Transfer` into or out of an address: who, how much, by which transaction. */
export type TokenTransfer = { from: string; to: string; amount: bigint; txHash: string };

export type RelayerChain = {
  chainId(): Promise<bigint>;
  /** At the latest block, or as of the end of `block` (the node must still hold that block's state). */
  tokenBalance(token: string, owner: string, block?: bigint): Promise<bigint>;
  /** Every `Transfer` of `token` in `block` with `address` as sender or recipient. */
  tokenTransfers(token: string, address: string, block: bigint): Promise<TokenTransfer[]>;
  nativeBalance(address: string): Promise<bigint>;
  /** The relayer's next nonce counting mined transactions only (`latest`), or pending ones too (`pending`). */
  nonce(address: string, block: 'latest' | 'pending'): Promise<bigint>;
  fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  estimateGas(call: { from: string; to: string; data: string }): Promise<bigint>;
  /** Broadcasts; a node that already has these bytes (or mined them) is not an error. */
  sendRawTransaction(raw: string): Promise<void>;
  receipt(txHash: string): Promise<SweepReceipt | undefined>;
};

/** Answers that mean the node already has this very transaction: broadcasting it again changes nothing. */
const ALREADY_KNOWN = /already known|known transaction|nonce too low|already imported/i;

export function jsonRpcRelayerChain(rpcUrl: string): RelayerChain {
  const rpc = rpcClient(rpcUrl, 10_000);
  const ask = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ChainRpcError) throw error;
      return rpcFailure(what)(error);
    }
  };
  return {
    chainId: () => ask('chain id', async () => quantity(await rpc('eth_chainId', []), 'chainId')),
    tokenBalance: (token, owner, block) =>
      ask('token balance', async () => {
        const data = `0x${BALANCE_OF}${addressWord(owner)}`;
        const answer = await rpc('eth_call', [{ to: token, data }, block === undefined ? 'latest' : hex(block)]);
        return quantity(answer === '0x' ? '0x0' : answer, 'balanceOf');
      }),
    tokenTransfers: (token, address, block) =>
      ask('token transfers', async () => {
        const at = `0x${addressWord(address)}`;
        const range = { address: token, fromBlock: hex(block), toBlock: hex(block) };
        // Sender and recipient are two topic positions; a filter ORs within a position only, hence two requests.
        const [out, into] = (await Promise.all([
          rpc('eth_getLogs', [{ ...range, topics: [TRANSFER_TOPIC, at] }]),
          rpc('eth_getLogs', [{ ...range, topics: [TRANSFER_TOPIC, null, at] }]),
        ])) as [RawLog[], RawLog[]];
        const seen = new Set<string>();
        const transfers: TokenTransfer[] = [];
        for (const log of [...out, ...into]) {
          const transfer = transferOf(log);
          const id = `${log.transactionHash}#${log.logIndex}`;
          if (!transfer || seen.has(id)) continue;
          seen.add(id);
          transfers.push({ from: transfer.from, to: transfer.to, amount: transfer.value, txHash: transfer.txHash });
        }
        return transfers;
      }),
    nativeBalance: (address) =>
      ask('balance', async () => quantity(await rpc('eth_getBalance', [address, 'latest']), 'balance')),
    nonce: (address, block) =>
      ask('nonce', async () => quantity(await rpc('eth_getTransactionCount', [address, block]), 'nonce')),
    fees: () =>
      ask('fees', async () => {
        const [priority, block] = await Promise.all([
          rpc('eth_maxPriorityFeePerGas', []),
          rpc('eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string }>,
        ]);
        const maxPriorityFeePerGas = quantity(priority, 'maxPriorityFeePerGas');
        // Twice the base fee: room for it to rise over the next blocks, as wallets allow.
        const maxFeePerGas = 2n * quantity(block.baseFeePerGas ?? '0x0', 'baseFeePerGas') + maxPriorityFeePerGas;
        return { maxFeePerGas, maxPriorityFeePerGas };
      }),
    estimateGas: (call) => ask('gas estimate', async () => quantity(await rpc('eth_estimateGas', [call]), 'gas')),
    sendRawTransaction: (raw) =>
      ask('broadcast', async () => {
        try {
          await rpc('eth_sendRawTransaction', [raw]);
        } catch (error) {
          if (error instanceof RpcErrorAnswer && ALREADY_KNOWN.test(error.message)) return;
          throw error;
        }
      }),
    receipt: (txHash) =>
      ask('receipt', async () => {
        const receipt = (await rpc('eth_getTransactionReceipt', [txHash])) as {
          status: string;
          blockNumber: string;
          gasUsed: string;
          effectiveGasPrice?: string;
          logs: RawLog[];
        } | null;
        if (!receipt) return undefined;
        return {
          status: receipt.status === '0x1' ? 'success' : 'reverted',
          blockNumber: quantity(receipt.blockNumber, 'blockNumber'),
          gasUsed: quantity(receipt.gasUsed, 'gasUsed'),
          effectiveGasPrice: quantity(receipt.effectiveGasPrice ?? '0x0', 'effectiveGasPrice'),
          logs: receipt.logs,
        };
      }),
  };
}
