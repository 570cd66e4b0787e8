import { createHash, createHmac } from 'node:crypto';
import {
  decodeExtendedPublicKey,
  type ExtendedPublicKeyParts,
  encodeExtendedPublicKey,
} from '#shared/config/extended-public-key.ts';
import { addressOfPublicKey } from '#shared/wallets/ethereum.ts';
import { addPoints, bigIntOf, CURVE_ORDER, compressed, generatorTimes, pointOf } from '#shared/wallets/secp256k1.ts';

/**
 * Deposit addresses are derived from the platform's extended public key (BIP32, non-hardened children), so
 * the service can hand out addresses without holding any private key; whoever holds the matching extended
 * private key (outside this service) can sweep them. The index of each address is kept with its wallet.
 *
 * Public derivation (CKDpub) is a hash and one point addition: written here on node:crypto rather than with a
 * BIP32 library, which would bring a whole elliptic-curve implementation into the function's bundle. The
 * published BIP32 test vectors and the Hardhat test mnemonic's accounts check it (test/unit/wallets).
 */

/** Non-hardened BIP32 indexes are 0 .. 2^31 - 1; hardened ones need the private key. */
export const MAX_NON_HARDENED_INDEX = 2 ** 31 - 1;

export class InvalidDepositKeyError extends Error {}

/** An extended public key. It never holds a private key: `privateKey` is always null. */
export type ExtendedPublicKey = ExtendedPublicKeyParts & Readonly<{ publicExtendedKey: string; privateKey: null }>;

const extendedKey = (parts: ExtendedPublicKeyParts): ExtendedPublicKey => ({
  ...parts,
  publicExtendedKey: encodeExtendedPublicKey(parts),
  privateKey: null,
});

const cache = new Map<string, ExtendedPublicKey>();

/** Parses an `xpub...`; refuses anything else, an extended private key above all. */
export function parseDepositXpub(xpub: string): ExtendedPublicKey {
  const known = cache.get(xpub);
  if (known) return known;
  const decoded = decodeExtendedPublicKey(xpub);
  if ('problem' in decoded) throw new InvalidDepositKeyError(decoded.problem);
  try {
    pointOf(decoded.publicKey);
  } catch (error) {
    throw new InvalidDepositKeyError(
      `is not a valid extended public key (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const key = extendedKey(decoded);
  cache.set(xpub, key);
  return key;
}

/** The first 4 bytes of HASH160 (RIPEMD-160 of SHA-256) of the parent's compressed key. */
const fingerprintOf = (publicKey: Uint8Array): Uint8Array =>
  createHash('ripemd160').update(createHash('sha256').update(publicKey).digest()).digest().subarray(0, 4);

/** The non-hardened child at `index` (public derivation, CKDpub). */
export function deriveChildKey(parent: ExtendedPublicKey, index: number): ExtendedPublicKey {
  if (!Number.isInteger(index) || index < 0 || index > MAX_NON_HARDENED_INDEX) {
    throw new RangeError(`Deposit index ${index} is outside 0..${MAX_NON_HARDENED_INDEX}`);
  }
  if (parent.depth >= 255) throw new RangeError('A BIP32 key at depth 255 has no children');
  const data = Buffer.alloc(37);
  data.set(parent.publicKey, 0);
  data.writeUInt32BE(index, 33);
  const digest = createHmac('sha512', parent.chainCode).update(data).digest();
  const tweak = digest.subarray(0, 32);
  // BIP32: an invalid tweak or a child at infinity means "use the next index"; the odds are below 2^-127.
  const scalar = bigIntOf(tweak);
  const child =
    scalar > 0n && scalar < CURVE_ORDER ? addPoints(generatorTimes(tweak), pointOf(parent.publicKey)) : undefined;
  if (!child) throw new RangeError(`Deposit index ${index} has no valid child key; use the next index`);
  return extendedKey({
    depth: parent.depth + 1,
    parentFingerprint: fingerprintOf(parent.publicKey),
    index,
    chainCode: Uint8Array.from(digest.subarray(32)),
    publicKey: compressed(child),
  });
}

/** The EIP-55 address of the child at `index`. */
export function deriveDepositAddress(parent: ExtendedPublicKey, index: number): string {
  return addressOfPublicKey(deriveChildKey(parent, index).publicKey);
}
