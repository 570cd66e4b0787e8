import { createHash } from 'node:crypto';

/**
 * The shape check of `DEPOSIT_XPUB` at cold start: Base58Check, 78 bytes, the mainnet `xpub` version and a
 * compressed public key. It runs in every function, so it stays free of elliptic-curve code; the wallets area
 * derives addresses from the decoded parts (BIP32), and refuses the key there if the point is not on the curve.
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

function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let text = '';
  for (; value > 0n; value /= 58n) text = ALPHABET.charAt(Number(value % 58n)) + text;
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** The parts of an extended public key (BIP32 serialization); `publicKey` is the 33-byte compressed point. */
export type ExtendedPublicKeyParts = Readonly<{
  depth: number;
  parentFingerprint: Uint8Array;
  index: number;
  chainCode: Uint8Array;
  publicKey: Uint8Array;
}>;

/** The parts of `xpub`, or why it cannot be the deposit key. */
export function decodeExtendedPublicKey(xpub: string): ExtendedPublicKeyParts | { problem: string } {
  if (!xpub.startsWith('xpub')) {
    return {
      problem: xpub.startsWith('xprv')
        ? 'must be an extended PUBLIC key (xpub...); never configure a private key'
        : 'must be a BIP32 extended public key starting with xpub',
    };
  }
  const bytes = base58Decode(xpub);
  if (!bytes || bytes.length !== PAYLOAD_BYTES + 4)
    return { problem: 'is not a valid extended public key (bad encoding)' };
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  if (!checksum.every((byte, i) => byte === bytes[PAYLOAD_BYTES + i])) {
    return { problem: 'is not a valid extended public key (bad checksum)' };
  }
  const view = new DataView(payload.buffer, payload.byteOffset);
  if (view.getUint32(0) !== XPUB_VERSION)
    return { problem: 'is not a valid extended public key (not an xpub version)' };
  const keyPrefix = payload[45];
  if (keyPrefix !== 2 && keyPrefix !== 3) return { problem: 'must be an extended PUBLIC key' };
  return {
    depth: payload[4] ?? 0,
    parentFingerprint: payload.slice(5, 9),
    index: view.getUint32(9),
    chainCode: payload.slice(13, 45),
    publicKey: payload.slice(45, 78),
  };
}

/** The `xpub...` text of these parts: version, depth, fingerprint, index, chain code, key, Base58Check. */
export function encodeExtendedPublicKey(parts: ExtendedPublicKeyParts): string {
  const payload = new Uint8Array(PAYLOAD_BYTES);
  const view = new DataView(payload.buffer);
  view.setUint32(0, XPUB_VERSION);
  payload[4] = parts.depth;
  payload.set(parts.parentFingerprint, 5);
  view.setUint32(9, parts.index);
  payload.set(parts.chainCode, 13);
  payload.set(parts.publicKey, 45);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...checksum]));
}

/** Why `xpub` cannot be the deposit key, or undefined when it has the shape of one. */
export function extendedPublicKeyProblem(xpub: string): string | undefined {
  const decoded = decodeExtendedPublicKey(xpub);
  return 'problem' in decoded ? decoded.problem : undefined;
}
