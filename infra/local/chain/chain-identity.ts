import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import * as z from '#shared/validation/zod.ts';

/**
 * What makes the local chain of one data folder the same chain after a restart: the deployer key (its nonces, in a
 * fixed order, give the token addresses: `infra/local/README.md`, "The local chain"), the funded development key,
 * the RPC port it last ran on, and how many times it started. Hardhat Network keeps no state, so everything on
 * the chain is deployed and funded again at each start; only these are kept, in `DATA_DIR/chain/identity.json`.
 */
const PrivateKey = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));
const ChainIdentitySchema = z.object({
  deployerPrivateKey: PrivateKey,
  fundedPrivateKey: PrivateKey,
  port: z.optional(z.number().check(z.int(), z.gte(1), z.lte(65535))),
  starts: z.number().check(z.int(), z.gte(0)),
});
export type ChainIdentity = { deployerPrivateKey: Hex; fundedPrivateKey: Hex; port?: number; starts: number };

/** The identity kept at `path`, or a new one (new keys, no port yet) when there is none or it does not parse. */
export function loadChainIdentity(path: string): { identity: ChainIdentity; created: boolean } {
  if (existsSync(path)) {
    const parsed = ChainIdentitySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { identity: parsed.data as ChainIdentity, created: false };
  }
  return {
    identity: { deployerPrivateKey: generatePrivateKey(), fundedPrivateKey: generatePrivateKey(), starts: 0 },
    created: true,
  };
}

export function saveChainIdentity(path: string, identity: ChainIdentity): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
}

/**
 * The funded key's first nonce at the `starts`-th start. The node starts empty, so without it the key's first
 * transfers would repeat an earlier start's transaction hashes, which the service has recorded as seen.
 */
export const fundedNonceAt = (starts: number): number => starts * 1_000_000;
