import { createTestClient, encodeAbiParameters, type Hex, http, keccak256, toHex } from 'viem';
import { compileTestUsdc, mintTestUsdc, signer } from '#infra/local/chain/test-usdc.ts';
import { organizationsWithCustody, readCustodyTotals } from '#shared/custody/check-custody-books.ts';
import { nextRelayerNonce } from '#shared/custody/relayer-nonce.ts';
import { listSweepsDue } from '#shared/custody/sweep-repository.ts';
import type { Db } from '#shared/db/client.ts';
import type { SandboxChain } from '#shared/deposits/settings.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/**
 * Where TestUsdc (`chain/test-usdc.sol`) keeps `balanceOf`: the fourth slot (`name`, `symbol` and `totalSupply`
 * come first; `decimals` is a constant and `owner` immutable, so neither takes one).
 */
const BALANCE_OF_SLOT = 3n;

export type ChainRestored = {
  chain: Chain;
  /** USDC (smallest unit) put back per treasury and per forwarder, by lower-case address. */
  treasuries: Map<string, bigint>;
  forwarders: Map<string, bigint>;
};

export type CustodyRestored = {
  /** Each chain's relayer's first nonce: past every sweep and treasury send the table holds of that chain. */
  relayerNonces: Map<Chain, number>;
  chains: ChainRestored[];
};

/**
 * Makes the fresh local chain of a restarted `npm start` continue where the table's custody records end (the node
 * keeps nothing; DynamoDB Local keeps the table). Run after every deployment step, since the treasury mints are the
 * deployer's last nonces, and before the sweepers start:
 * - each chain's relayer (a key of its own, infra/local/custody.ts `relayerKeyId`) has its nonce set past the
 *   table's latest sweep of that chain: the sweeper's claim of `SWEEP#<chain>/NONCE#<n>` never goes back, and the
 *   node refuses a nonce ahead of its own ("Nonce too high");
 * - each organization's treasury gets its swept + swept-before-credit total minted by the deployer (the token's
 *   owner), so the books check finds it holding what the sweeps moved there;
 * - each forwarder gets the sum of its `SWEEPDUE` items written straight into the token's balance, so the sweeper
 *   sweeps them. Not minted: a mint is a `Transfer` to a deposit address, which the watcher would credit as a new
 *   deposit, leaving the forwarder's dues at twice its balance, never swept.
 */
export async function restoreLocalCustody(
  db: Db,
  options: {
    chains: readonly SandboxChain[];
    relayers: Partial<Record<Chain, Hex>>;
    deployerPrivateKey: Hex;
    cacheDir: string;
  },
): Promise<CustodyRestored> {
  const relayerNonces = new Map<Chain, number>();
  for (const chain of options.chains) {
    // Past every nonce the table records as claimed: sweeps and treasury sends share the relayer's nonces.
    const nonce = Number(await nextRelayerNonce(db, chain.chain));
    relayerNonces.set(chain.chain, nonce);
    const relayer = options.relayers[chain.chain];
    if (nonce > 0 && relayer)
      await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setNonce({ address: relayer, nonce });
  }
  const compiled = compileTestUsdc(options.cacheDir);
  const chains: ChainRestored[] = [];
  for (const chain of options.chains) {
    const restored: ChainRestored = {
      chain: chain.chain,
      treasuries: await treasuryTotals(db, chain.chain),
      forwarders: await forwarderDues(db, chain.chain),
    };
    const token = chain.usdcAddress as Hex;
    const deployer = await signer(chain.rpcUrl, options.deployerPrivateKey);
    for (const [treasury, value] of restored.treasuries)
      await mintTestUsdc(deployer, compiled, token, treasury as Hex, value);
    const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
    for (const [forwarder, value] of restored.forwarders) {
      const index = keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [forwarder as Hex, BALANCE_OF_SLOT]),
      );
      await test.setStorageAt({ address: token, index, value: toHex(value, { size: 32 }) });
      const held = (await deployer.readContract({
        address: token,
        abi: compiled.abi,
        functionName: 'balanceOf',
        args: [forwarder],
      })) as bigint;
      if (held !== value)
        throw new Error(`restoring ${forwarder} on ${chain.chain}: the token's balanceOf slot moved (reads ${held})`);
    }
    chains.push(restored);
  }
  return { relayerNonces, chains };
}

/** swept + swept before credit of every organization with custody totals on `chain`, by its current treasury. */
async function treasuryTotals(db: Db, chain: Chain): Promise<Map<string, bigint>> {
  const totals = new Map<string, bigint>();
  for (const organizationId of await organizationsWithCustody(db, chain)) {
    const books = await readCustodyTotals(db, chain, organizationId);
    const treasury = (await getOrganization(db, organizationId))?.treasuries?.[chain]?.toLowerCase();
    const moved = books ? books.sweptMicro + books.sweptBeforeCreditMicro : 0n;
    if (treasury && moved > 0n) totals.set(treasury, (totals.get(treasury) ?? 0n) + moved);
  }
  return totals;
}

/** The sum of each forwarder's deposits awaiting their sweep on `chain`. */
async function forwarderDues(db: Db, chain: Chain): Promise<Map<string, bigint>> {
  const dues = new Map<string, bigint>();
  for (const due of await listSweepsDue(db, chain)) {
    const address = due.address.toLowerCase();
    dues.set(address, (dues.get(address) ?? 0n) + due.amountMicro);
  }
  return dues;
}

/** The start banner's line of what the fresh chain was given back, or undefined when there was nothing. */
export function restoredNote(restored: CustodyRestored): string | undefined {
  const nonces = [...restored.relayerNonces].filter(([, nonce]) => nonce > 0);
  const sum = (amounts: Map<string, bigint>) => formatMicro([...amounts.values()].reduce((a, b) => a + b, 0n));
  const chains = restored.chains.filter((chain) => chain.treasuries.size > 0 || chain.forwarders.size > 0);
  if (nonces.length === 0 && chains.length === 0) return undefined;
  const balances = chains.map(
    (chain) =>
      `${chain.chain}: ${sum(chain.treasuries)} USDC swept to ${chain.treasuries.size} treasury(ies), ` +
      `${sum(chain.forwarders)} USDC awaiting sweep in ${chain.forwarders.size} forwarder(s)`,
  );
  const relayers = nonces.map(([chain, nonce]) => `${chain} ${nonce}`).join(', ') || 'none';
  return [`relayer nonces ${relayers} (past the table's sweeps)`, ...balances].join('; ');
}
