/**
 * Recursive Length Prefix, Ethereum's serialization of transactions (yellow paper, appendix B): byte strings and
 * lists of them. Integers are their minimal big-endian bytes (0 is the empty string).
 */
export type RlpItem = Uint8Array | readonly RlpItem[];

const lengthPrefix = (length: number, short: number, long: number): Uint8Array => {
  if (length < 56) return Uint8Array.of(short + length);
  const lengthBytes = integerBytes(BigInt(length));
  return Uint8Array.of(long + lengthBytes.length, ...lengthBytes);
};

/** The minimal big-endian bytes of a non-negative integer; 0 has none. */
export function integerBytes(value: bigint): Uint8Array {
  if (value < 0n) throw new RangeError('RLP integers are non-negative');
  if (value === 0n) return new Uint8Array(0);
  const hex = value.toString(16);
  return Uint8Array.from(Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex'));
}

export function rlpEncode(item: RlpItem): Uint8Array {
  if (item instanceof Uint8Array) {
    // A single byte below 0x80 is its own encoding.
    if (item.length === 1 && (item[0] ?? 0) < 0x80) return item;
    return Buffer.concat([lengthPrefix(item.length, 0x80, 0xb7), item]);
  }
  const payload = Buffer.concat((item as readonly RlpItem[]).map(rlpEncode));
  return Buffer.concat([lengthPrefix(payload.length, 0xc0, 0xf7), payload]);
}
