import { keccak_256 } from '@noble/hashes/sha3.js';
import { jsonRpcRelayerChain, type RelayerChain } from '#shared/custody/relayer-chain.ts';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import { quantity, rpcClient, rpcFailure } from '#shared/rails/chain/json-rpc.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';

/**
 * What a treasury send asks of a chain beyond the sweeper's questions: the allowance the treasury gave the relayer,
 * the head block (confirmations), and the encoding of the token's `transferFrom`. USDC leaves a treasury only by the
 * relayer's `transferFrom(treasury, destination, amount)` within the allowance the treasury's holder approved: the
 * service never holds the treasury's key, and the allowance bounds what the relayer key can ever move.
 */
export type TreasuryChain = RelayerChain & {
  allowance(token: string, owner: string, spender: string): Promise<bigint>;
  head(): Promise<bigint>;
};

const selector = (signature: string) =>
  Buffer.from(keccak_256(Buffer.from(signature, 'utf8')))
    .subarray(0, 4)
    .toString('hex');
const word = (value: bigint) => value.toString(16).padStart(64, '0');
const addressWord = (address: string) => word(BigInt(toChecksumAddress(address)));

const ALLOWANCE = selector('allowance(address,address)');
const TRANSFER_FROM = selector('transferFrom(address,address,uint256)');

export const transferFromData = (from: string, to: string, amount: bigint) =>
  `0x${TRANSFER_FROM}${addressWord(from)}${addressWord(to)}${word(amount)}`;

export function jsonRpcTreasuryChain(rpcUrl: string): TreasuryChain {
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
    ...jsonRpcRelayerChain(rpcUrl),
    allowance: (token, owner, spender) =>
      ask('allowance', async () => {
        const data = `0x${ALLOWANCE}${addressWord(owner)}${addressWord(spender)}`;
        const answer = await rpc('eth_call', [{ to: token, data }, 'latest']);
        return quantity(answer === '0x' ? '0x0' : answer, 'allowance');
      }),
    head: () => ask('block number', async () => quantity(await rpc('eth_blockNumber', []), 'blockNumber')),
  };
}
