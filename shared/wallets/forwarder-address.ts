import { keccak_256 } from '@noble/hashes/sha3.js';
import { HEX_ADDRESS, toChecksumAddress } from '#shared/rails/chain/address.ts';

/**
 * Deposit forwarder addresses, computed offline (no node asked), exactly as `DepositForwarderFactory` deploys them
 * (`shared/custody/contracts/`): an EIP-1167 clone of the factory's implementation carrying the treasury as its one
 * immutable argument (OpenZeppelin `Clones.cloneDeterministicWithImmutableArgs`), at its CREATE2 address from the
 * factory and the salt. The treasury is part of the clone's code, so the address binds where its tokens can go.
 */

export type ForwarderFactory = Readonly<{ factory: string; implementation: string }>;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytesOf = (address: string) => {
  if (!HEX_ADDRESS.test(address)) throw new Error(`Not a 20-byte hex address: ${address}`);
  return Buffer.from(address.slice(2), 'hex');
};

/** The clone's creation code with its immutable argument, as OpenZeppelin's `_cloneCodeWithImmutableArgs`. */
function cloneCreationCode(implementation: string, treasury: string): Uint8Array {
  const args = bytesOf(treasury);
  const length = (args.length + 0x2d).toString(16).padStart(4, '0');
  return Buffer.concat([
    Buffer.from(`61${length}3d81600a3d39f3363d3d373d3d3d363d73`, 'hex'),
    bytesOf(implementation),
    Buffer.from('5af43d82803e903d91602b57fd5bf3', 'hex'),
    args,
  ]);
}

/**
 * The salt of a deposit wallet: keccak-256 of its owner and its own id, so no two wallets share an address and the
 * salt is derived again from the wallet record alone.
 */
export function forwarderSalt(wallet: { organizationId: string; customerId: string; walletId: string }): string {
  const text = `deposit-forwarder:v1:${wallet.organizationId}:${wallet.customerId}:${wallet.walletId}`;
  return `0x${hex(keccak_256(Buffer.from(text, 'utf8')))}`;
}

/** The checksummed deposit address of `salt` (0x + 64 hex digits) forwarding to `treasury`. */
export function forwarderAddress(factory: ForwarderFactory, treasury: string, salt: string): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(salt)) throw new Error('A salt is 0x and 64 hex digits');
  const codeHash = keccak_256(cloneCreationCode(factory.implementation, treasury));
  const preimage = Buffer.concat([
    Buffer.from([0xff]),
    bytesOf(factory.factory),
    Buffer.from(salt.slice(2), 'hex'),
    codeHash,
  ]);
  return toChecksumAddress(`0x${hex(keccak_256(preimage)).slice(-40)}`);
}
