import fc from 'fast-check';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { integerBytes, rlpEncode } from '#shared/rails/chain/rlp.ts';
import { addressOfKey, signTransaction } from '#shared/rails/chain/token-transfer.ts';

const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
const text = (value: string) => Uint8Array.from(Buffer.from(value, 'utf8'));

describe('RLP', () => {
  it('encodes the examples of the Ethereum wiki', () => {
    expect(hexOf(rlpEncode(text('dog')))).toBe('0x83646f67');
    expect(hexOf(rlpEncode([text('cat'), text('dog')]))).toBe('0xc88363617483646f67');
    expect(hexOf(rlpEncode(text('')))).toBe('0x80');
    expect(hexOf(rlpEncode([]))).toBe('0xc0');
    expect(hexOf(rlpEncode(integerBytes(0n)))).toBe('0x80');
    expect(hexOf(rlpEncode(integerBytes(15n)))).toBe('0x0f');
    expect(hexOf(rlpEncode(integerBytes(1024n)))).toBe('0x820400');
    expect(hexOf(rlpEncode([[], [[]], [[], [[]]]]))).toBe('0xc7c0c1c0c3c0c1c0');
    const lorem = 'Lorem ipsum dolor sit amet, consectetur adipisicing elit';
    expect(hexOf(rlpEncode(text(lorem)))).toBe(`0xb838${Buffer.from(lorem).toString('hex')}`);
  });
});

describe('signed token transfers', () => {
  const keys = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((key) => {
    const value = BigInt(hexOf(key));
    return value > 0n && value < 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
  });
  const quantities = fc.bigInt({ min: 0n, max: 2n ** 64n });
  const addresses = fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hexOf);

  it('signs exactly the bytes viem signs for the same EIP-1559 transaction', async () => {
    await fc.assert(
      fc.asyncProperty(
        keys,
        quantities,
        quantities,
        quantities,
        addresses,
        fc.uint8Array({ maxLength: 80 }),
        async (key, nonce, fee, gas, to, data) => {
          const tx = {
            chainId: 31337n,
            nonce,
            maxPriorityFeePerGas: fee / 3n,
            maxFeePerGas: fee,
            gas,
            to,
            value: 0n,
            data: hexOf(data),
          };
          const account = privateKeyToAccount(hexOf(key) as Hex);
          const theirs = await account.signTransaction({
            type: 'eip1559',
            chainId: Number(tx.chainId),
            nonce: Number(nonce % 2n ** 32n),
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
            maxFeePerGas: tx.maxFeePerGas,
            gas,
            to: to as Hex,
            value: 0n,
            data: tx.data as Hex,
          });

          expect(signTransaction({ ...tx, nonce: nonce % 2n ** 32n }, key)).toBe(theirs);
          expect(addressOfKey(key)).toBe(account.address);
        },
      ),
      { numRuns: 200 },
    );
  });
});
