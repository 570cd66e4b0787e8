import { keccak_256 } from '@noble/hashes/sha3.js';
import { HEX_ADDRESS, toChecksumAddress } from '#shared/rails/chain/address.ts';
import { pointOf, uncompressedXY } from '#shared/wallets/secp256k1.ts';

export { toChecksumAddress };

/**
 * Ethereum addresses from secp256k1 public keys, rendered with the EIP-55 mixed-case checksum.
 * Public data only: nothing here ever sees a private key.
 */

/**
 * A well-formed address: 40 hex digits; an all-lower or all-upper address carries no checksum, a mixed-case
 * one must carry a correct EIP-55 checksum.
 */
export function isValidAddress(address: string): boolean {
  if (!HEX_ADDRESS.test(address)) return false;
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/**
 * The account address of a public key: the last 20 bytes of keccak-256 of its uncompressed `x || y` (a
 * compressed key's y is recovered and checked to lie on the curve).
 */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const hash = Buffer.from(keccak_256(uncompressedXY(pointOf(publicKey)))).toString('hex');
  return toChecksumAddress(`0x${hash.slice(-40)}`);
}

/** The burn address by convention (tokens sent there are destroyed on purpose). */
const BURN_ADDRESS = 0xdeadn;
/** 0x0 and 0x1..0xffff: the zero address and the range Ethereum and its rollups reserve for precompiles. */
const LAST_RESERVED = 0xffffn;

/**
 * True for an address no one holds a key to: the zero address, the precompile range and the conventional burn
 * address `0x...dEaD`. USDC sent to any of them is lost for good, so they are never a payout destination.
 */
export function isUnholdableAddress(address: string): boolean {
  const value = BigInt(address);
  return value <= LAST_RESERVED || value === BURN_ADDRESS;
}
