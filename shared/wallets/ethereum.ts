import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Ethereum addresses from secp256k1 public keys, rendered with the EIP-55 mixed-case checksum.
 * Public data only: nothing here ever sees a private key.
 */

/** The field prime of secp256k1 (y^2 = x^3 + 7 over it); p = 3 mod 4, so a square root is one exponentiation. */
const P = 2n ** 256n - 2n ** 32n - 977n;

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const toBigInt = (bytes: Uint8Array): bigint => BigInt(`0x${bytesToHex(bytes)}`);
const to32Bytes = (value: bigint): string => value.toString(16).padStart(64, '0');

export class InvalidPublicKeyError extends Error {}

/**
 * The 64-byte `x || y` form of a public key (BIP32 keys are compressed: a parity prefix and x). y is recovered
 * from the curve equation and checked to lie on the curve.
 */
export function uncompressedPublicKeyHex(publicKey: Uint8Array): string {
  if (publicKey.length === 65 && publicKey[0] === 0x04) return bytesToHex(publicKey.subarray(1));
  const prefix = publicKey[0];
  if (publicKey.length !== 33 || (prefix !== 0x02 && prefix !== 0x03)) {
    throw new InvalidPublicKeyError('Expected a 33-byte compressed or 65-byte uncompressed secp256k1 public key');
  }
  const x = toBigInt(publicKey.subarray(1));
  if (x >= P) throw new InvalidPublicKeyError('x is not a field element');
  const ySquared = (modPow(x, 3n, P) + 7n) % P;
  let y = modPow(ySquared, (P + 1n) / 4n, P);
  if ((y * y) % P !== ySquared) throw new InvalidPublicKeyError('Point is not on secp256k1');
  if ((y & 1n) !== BigInt(prefix & 1)) y = P - y;
  return to32Bytes(x) + to32Bytes(y);
}

/** EIP-55: a hex letter is upper case where the keccak-256 of the lower-case hex address has a nibble >= 8. */
export function toChecksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new Error('Not a 20-byte hex address');
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

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

/** The account address of a public key: the last 20 bytes of keccak-256 of its uncompressed `x || y`. */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const point = uncompressedPublicKeyHex(publicKey);
  const bytes = Uint8Array.from(Buffer.from(point, 'hex'));
  const hash = bytesToHex(keccak_256(bytes));
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
