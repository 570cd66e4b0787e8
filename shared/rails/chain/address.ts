import { keccak_256 } from '@noble/hashes/sha3.js';

/** 0x and 40 hex digits, in any case. */
export const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: a hex letter is upper case where the keccak-256 of the lower-case hex address has a nibble >= 8. */
export function toChecksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new Error('Not a 20-byte hex address');
  const lower = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(Buffer.from(lower, 'utf8'))).toString('hex');
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}
