import { createECDH } from 'node:crypto';

/**
 * The few secp256k1 operations public BIP32 derivation needs, on public data only (no private key ever comes
 * here, so nothing must run in constant time): a point from its encoding, the sum of two points, and the
 * generator times a scalar, which node:crypto's ECDH computes (it is how a public key comes from a private one).
 */

/** The field prime (y^2 = x^3 + 7 over it); p = 3 mod 4, so a square root is one exponentiation. */
const P = 2n ** 256n - 2n ** 32n - 977n;
/** The order of the generator: a scalar must lie in 1 .. N - 1. */
export const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export type Point = Readonly<{ x: bigint; y: bigint }>;

export class InvalidPublicKeyError extends Error {}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const mod = (value: bigint) => ((value % P) + P) % P;
const inverse = (value: bigint) => modPow(value, P - 2n, P);

export const bigIntOf = (bytes: Uint8Array): bigint =>
  bytes.length ? BigInt(`0x${Buffer.from(bytes).toString('hex')}`) : 0n;
const bytes32 = (value: bigint): Buffer => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');

/** The point of a 33-byte compressed or 65-byte uncompressed encoding, checked to lie on the curve. */
export function pointOf(publicKey: Uint8Array): Point {
  const prefix = publicKey[0];
  if (publicKey.length === 65 && prefix === 0x04) {
    const point = { x: bigIntOf(publicKey.subarray(1, 33)), y: bigIntOf(publicKey.subarray(33)) };
    if (point.x >= P || point.y >= P || mod(point.y * point.y) !== mod(point.x ** 3n + 7n)) {
      throw new InvalidPublicKeyError('Point is not on secp256k1');
    }
    return point;
  }
  if (publicKey.length !== 33 || (prefix !== 0x02 && prefix !== 0x03)) {
    throw new InvalidPublicKeyError('Expected a 33-byte compressed or 65-byte uncompressed secp256k1 public key');
  }
  const x = bigIntOf(publicKey.subarray(1));
  if (x >= P) throw new InvalidPublicKeyError('x is not a field element');
  const ySquared = mod(x ** 3n + 7n);
  let y = modPow(ySquared, (P + 1n) / 4n, P);
  if ((y * y) % P !== ySquared) throw new InvalidPublicKeyError('Point is not on secp256k1');
  if ((y & 1n) !== BigInt(prefix & 1)) y = P - y;
  return { x, y };
}

/** The 33-byte compressed encoding: the parity of y, then x. */
export const compressed = (point: Point): Uint8Array =>
  Uint8Array.from([point.y & 1n ? 0x03 : 0x02, ...bytes32(point.x)]);

/** The 64-byte `x || y` of a point, as Ethereum hashes it into an address. */
export const uncompressedXY = (point: Point): Uint8Array => Uint8Array.from([...bytes32(point.x), ...bytes32(point.y)]);

/** a + b in affine coordinates; undefined for the point at infinity (a = -b). */
export function addPoints(a: Point, b: Point): Point | undefined {
  let slope: bigint;
  if (a.x === b.x) {
    if (mod(a.y + b.y) === 0n) return undefined;
    slope = mod(3n * a.x * a.x * inverse(mod(2n * a.y)));
  } else {
    slope = mod((b.y - a.y) * inverse(mod(b.x - a.x)));
  }
  const x = mod(slope * slope - a.x - b.x);
  return { x, y: mod(slope * (a.x - x) - a.y) };
}

/** scalar x G, for a 32-byte scalar in 1 .. N - 1. */
export function generatorTimes(scalar: Uint8Array): Point {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.from(scalar));
  return pointOf(ecdh.getPublicKey());
}
