import { HDKey } from '@scure/bip32';
import { addressOfPublicKey } from '#shared/wallets/ethereum.ts';

/**
 * Deposit addresses are derived from the platform's extended public key (BIP32, non-hardened children), so
 * the service can hand out addresses without holding any private key; whoever holds the matching extended
 * private key (outside this service) can sweep them. The index of each address is kept with its wallet.
 */

/** Non-hardened BIP32 indexes are 0 .. 2^31 - 1; hardened ones need the private key. */
export const MAX_NON_HARDENED_INDEX = 2 ** 31 - 1;

export class InvalidDepositKeyError extends Error {}

const cache = new Map<string, HDKey>();

/** Parses an `xpub...`; refuses anything else, an extended private key above all. */
export function parseDepositXpub(xpub: string): HDKey {
  const known = cache.get(xpub);
  if (known) return known;
  if (!xpub.startsWith('xpub')) {
    throw new InvalidDepositKeyError(
      xpub.startsWith('xprv')
        ? 'must be an extended PUBLIC key (xpub...); never configure a private key'
        : 'must be a BIP32 extended public key starting with xpub',
    );
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub);
  } catch (error) {
    throw new InvalidDepositKeyError(
      `is not a valid extended public key (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (key.privateKey) throw new InvalidDepositKeyError('must be an extended PUBLIC key');
  cache.set(xpub, key);
  return key;
}

/** The non-hardened child at `index` (public derivation, CKDpub). */
export function deriveChildKey(parent: HDKey, index: number): HDKey {
  if (!Number.isInteger(index) || index < 0 || index > MAX_NON_HARDENED_INDEX) {
    throw new RangeError(`Deposit index ${index} is outside 0..${MAX_NON_HARDENED_INDEX}`);
  }
  return parent.deriveChild(index);
}

/** The EIP-55 address of the child at `index`. */
export function deriveDepositAddress(parent: HDKey, index: number): string {
  const { publicKey } = deriveChildKey(parent, index);
  if (!publicKey) throw new Error('Derived key has no public key');
  return addressOfPublicKey(publicKey);
}
