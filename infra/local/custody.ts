import { join } from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { createTestClient, type Hex, http, parseEther } from 'viem';
import { compileDepositFactory, deployDepositFactory } from '#infra/local/chain/deposit-factory.ts';
import { signer } from '#infra/local/chain/test-usdc.ts';
import { LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { type LocalKms, startLocalKms } from '#infra/local/kms.ts';
import { newSandboxTreasury } from '#infra/local/sandbox-treasury.ts';
import { kmsSigner } from '#shared/custody/kms-signer.ts';
import type { SandboxChain } from '#shared/deposits/settings.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import { getOrganization, updateOrganization } from '#shared/organizations/repository.ts';
import type { ForwarderFactory } from '#shared/wallets/forwarder-address.ts';

/** Gas the relayer gets on the local chain at every start (the chain is new each time). */
const RELAYER_GAS = parseEther('100');

export type LocalCustody = {
  kms: LocalKms;
  /** Each chain's relayer: the address of its key in the KMS stand-in (`relayerKeyId`). */
  relayers: Partial<Record<Chain, Hex>>;
  forwarders: Partial<Record<Chain, ForwarderFactory>>;
  stop: () => Promise<void>;
};

/**
 * A chain's relayer key in the KMS stand-in. One key per chain, unlike AWS's one key for every chain: ONE local node
 * stands in for every chain, and a chain's sweeper takes its nonce from its own chain's sweeps, so two chains signing
 * with one key on one node would take the same nonces (the second sweep never mined, replaced after its wait).
 */
export const relayerKeyId = (chain: Chain) => `alias/payouts-relayer-${chain}`;

/**
 * Custody under `npm start`, after the USDC test tokens are deployed: the KMS stand-in with each
 * chain's relayer key in `DATA_DIR/kms/relayer-<chain>.key` (development keys, kept across restarts), each relayer
 * funded with gas, and one deposit forwarder factory per chain with its relayer as its only sweeper, deployed by the
 * chain's deployer right after its tokens (its next nonces), so a data folder's factories, and with them its
 * forwarder addresses, are the same after a restart. A separate step from the chain's own start, so either changes
 * alone.
 */
export async function startLocalCustody(options: {
  chains: readonly SandboxChain[];
  /** The key that deployed the tokens (`LocalChains.deployer`): the factories follow in a fixed order. */
  deployerPrivateKey: Hex;
  dataDir: string;
  cacheDir: string;
}): Promise<LocalCustody> {
  const kms = await startLocalKms(
    Object.fromEntries(
      options.chains.map(({ chain }) => [relayerKeyId(chain), join(options.dataDir, 'kms', `relayer-${chain}.key`)]),
    ),
  );
  try {
    const client = new KMSClient({
      endpoint: kms.endpoint,
      region: LOCAL_REGION,
      credentials: kms.credentials,
    });
    const compiled = compileDepositFactory(options.cacheDir);
    const relayers: Partial<Record<Chain, Hex>> = {};
    const forwarders: Partial<Record<Chain, ForwarderFactory>> = {};
    for (const chain of options.chains) {
      const relayer = (await kmsSigner(client, relayerKeyId(chain.chain))).address as Hex;
      await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({
        address: relayer,
        value: RELAYER_GAS,
      });
      const admin = await signer(chain.rpcUrl, options.deployerPrivateKey);
      relayers[chain.chain] = relayer;
      forwarders[chain.chain] = await deployDepositFactory(admin, compiled, relayer);
    }
    return { kms, relayers, forwarders, stop: kms.stop };
  } catch (error) {
    await kms.stop();
    throw error;
  }
}

/**
 * The sandbox organization's treasury on each local chain, drawn once (its development key kept in the data folder,
 * `sandbox-treasury.ts`, so it can approve the relayer for the treasury sends) and kept in the table across restarts.
 */
export async function ensureSandboxTreasuries(
  deps: Deps,
  organizationId: string,
  chains: readonly Chain[],
  dataDir: string,
) {
  const organization = await getOrganization(deps.db, organizationId);
  if (!organization) return;
  const missing = chains.filter((chain) => !organization.treasuries?.[chain]);
  if (missing.length === 0) return organization.treasuries;
  const treasuries = { ...organization.treasuries };
  for (const chain of missing) treasuries[chain] = newSandboxTreasury(dataDir, chain);
  await updateOrganization(deps.db, organizationId, { treasuries }, deps.clock.now());
  return treasuries;
}
