import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import { quantity, type RawLog, rpcClient, rpcFailure, transferOf } from '#shared/rails/chain/json-rpc.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';
import { integerBytes, type RlpItem, rlpEncode } from '#shared/rails/chain/rlp.ts';

export type SentTransfer = { txHash: string; logIndex: number; blockNumber: bigint };

/** `transfer(address,uint256)`: the first 4 bytes of its keccak-256. */
const TRANSFER_SELECTOR = 'a9059cbb';
const RECEIPT_POLL_MS = 50;
const RECEIPT_TIMEOUT_MS = 15_000;

const bytesOf = (hexString: string) => Uint8Array.from(Buffer.from(hexString.replace(/^0x/, ''), 'hex'));
const word = (value: bigint) => value.toString(16).padStart(64, '0');

/** The address of a private key: the last 20 bytes of keccak-256 of its uncompressed public key's `x || y`. */
export function addressOfKey(privateKey: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(privateKey, false);
  return toChecksumAddress(
    `0x${Buffer.from(keccak_256(publicKey.subarray(1)))
      .subarray(12)
      .toString('hex')}`,
  );
}

export type Eip1559Transaction = {
  chainId: bigint;
  nonce: bigint;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gas: bigint;
  to: string;
  value: bigint;
  data: string;
};

/** A transaction signature: the parity of R's y coordinate and the two scalars (s in the lower half). */
export type TransactionSignature = { yParity: number; r: bigint; s: bigint };

function transactionFields(tx: Eip1559Transaction): RlpItem[] {
  return [
    integerBytes(tx.chainId),
    integerBytes(tx.nonce),
    integerBytes(tx.maxPriorityFeePerGas),
    integerBytes(tx.maxFeePerGas),
    integerBytes(tx.gas),
    bytesOf(tx.to),
    integerBytes(tx.value),
    bytesOf(tx.data),
    [],
  ];
}

/**
 * What an EIP-1559 (type 2) transaction's signer signs: keccak-256 of
 * `0x02 || rlp([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gas, to, value, data, accessList])`.
 */
export function transactionDigest(tx: Eip1559Transaction): Uint8Array {
  return keccak_256(Buffer.concat([Uint8Array.of(2), rlpEncode(transactionFields(tx))]));
}

/** The transaction as `eth_sendRawTransaction` takes it: the fields above plus `yParity, r, s`. */
export function signedTransaction(tx: Eip1559Transaction, signature: TransactionSignature): string {
  const { yParity, r, s } = signature;
  const signed = rlpEncode([...transactionFields(tx), integerBytes(BigInt(yParity)), integerBytes(r), integerBytes(s)]);
  return `0x${Buffer.concat([Uint8Array.of(2), signed]).toString('hex')}`;
}

/** The transaction signed with `privateKey` (RFC 6979 nonces, low s: @noble/curves). */
export function signTransaction(tx: Eip1559Transaction, privateKey: Uint8Array): string {
  const signature = secp256k1.sign(transactionDigest(tx), privateKey, { prehash: false, format: 'recovered' });
  return signedTransaction(tx, {
    yParity: signature[0] ?? 0,
    r: BigInt(`0x${Buffer.from(signature.subarray(1, 33)).toString('hex')}`),
    s: BigInt(`0x${Buffer.from(signature.subarray(33, 65)).toString('hex')}`),
  });
}

type Receipt = { status: string; blockNumber: string; logs: RawLog[] };

/**
 * Sends `value` (smallest unit) of the ERC-20 `token` to `to`, signed by `privateKey`, and waits for its receipt:
 * the sandbox's real transfer on a development chain. Never given a key that holds real funds (the signing is
 * @noble/curves', the rest plain JSON-RPC).
 */
export async function sendTokenTransfer(input: {
  rpcUrl: string;
  token: string;
  privateKey: string;
  to: string;
  value: bigint;
}): Promise<SentTransfer> {
  const rpc = rpcClient(input.rpcUrl, 10_000);
  const key = bytesOf(input.privateKey);
  const from = addressOfKey(key);
  const token = toChecksumAddress(input.token);
  const data = `0x${TRANSFER_SELECTOR}${word(BigInt(toChecksumAddress(input.to)))}${word(input.value)}`;
  try {
    const [chainId, nonce, priority, block, gas] = await Promise.all([
      rpc('eth_chainId', []),
      rpc('eth_getTransactionCount', [from, 'pending']),
      rpc('eth_maxPriorityFeePerGas', []),
      rpc('eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: string }>,
      rpc('eth_estimateGas', [{ from, to: token, data }]),
    ]);
    const maxPriorityFeePerGas = quantity(priority, 'maxPriorityFeePerGas');
    // Twice the base fee: room for it to rise over the next blocks, as wallets allow.
    const maxFeePerGas = 2n * quantity(block.baseFeePerGas ?? '0x0', 'baseFeePerGas') + maxPriorityFeePerGas;
    const raw = signTransaction(
      {
        chainId: quantity(chainId, 'chainId'),
        nonce: quantity(nonce, 'nonce'),
        maxPriorityFeePerGas,
        maxFeePerGas,
        gas: quantity(gas, 'gas'),
        to: token,
        value: 0n,
        data,
      },
      key,
    );
    const txHash = (await rpc('eth_sendRawTransaction', [raw])) as string;
    const receipt = await receiptOf(rpc, txHash);
    if (receipt.status !== '0x1') throw new ChainRpcError(`token transfer ${txHash} reverted`);
    const log = receipt.logs.map(transferOf).find((transfer) => transfer?.token.toLowerCase() === token.toLowerCase());
    if (!log) throw new ChainRpcError(`token transfer ${txHash} emitted no Transfer log`);
    return { txHash, logIndex: log.logIndex, blockNumber: quantity(receipt.blockNumber, 'blockNumber') };
  } catch (error) {
    if (error instanceof ChainRpcError) throw error;
    return rpcFailure('token transfer')(error);
  }
}

async function receiptOf(rpc: ReturnType<typeof rpcClient>, txHash: string): Promise<Receipt> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    const receipt = (await rpc('eth_getTransactionReceipt', [txHash])) as Receipt | null;
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new ChainRpcError(`token transfer ${txHash}: no receipt after 15 s`);
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}
