import { createHash } from 'node:crypto';

/**
 * The shape check of `DEPOSIT_XPUB` at cold start: Base58Check, 78 bytes, the mainnet `xpub` version and a
 * compressed public key. It runs in every function, so it stays free of elliptic-curve code; the wallets area
 * parses the key fully (BIP32) where it derives addresses, and refuses it there if the point is not on the curve.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XPUB_VERSION = 0x0488b21e;
const PAYLOAD_BYTES = 78;

const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Why `xpub` cannot be the deposit key, or undefined when it has the shape of one. */
export function extendedPublicKeyProblem(xpub: string): string | undefined {
  if (!xpub.startsWith('xpub')) {
    return xpub.startsWith('xprv')
      ? 'must be an extended PUBLIC key (xpub...); never configure a private key'
      : 'must be a BIP32 extended public key starting with xpub';
  }
  const bytes = base58Decode(xpub);
  if (!bytes || bytes.length !== PAYLOAD_BYTES + 4) return 'is not a valid extended public key (bad encoding)';
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  if (!checksum.every((byte, i) => byte === bytes[PAYLOAD_BYTES + i])) {
    return 'is not a valid extended public key (bad checksum)';
  }
  const version = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  if (version !== XPUB_VERSION) return 'is not a valid extended public key (not an xpub version)';
  const keyPrefix = payload[45];
  if (keyPrefix !== 2 && keyPrefix !== 3) return 'must be an extended PUBLIC key';
  return undefined;
}
