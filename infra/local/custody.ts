import { join } from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { createTestClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { compileDepositFactory, deployDepositFactory } from '#infra/local/chain/deposit-factory.ts';
import { signer } from '#infra/local/chain/test-usdc.ts';
import { LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { type LocalKms, startLocalKms } from '#infra/local/kms.ts';
import type { SandboxChain } from '#shared/config/settings.ts';
import { kmsSigner } from '#shared/custody/kms-signer.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import { getOrganization, updateOrganization } from '#shared/organizations/repository.ts';
import type { ForwarderFactory } from '#shared/wallets/forwarder-address.ts';

/** Gas the relayer gets on the local chain at every start (the chain is new each time). */
const RELAYER_GAS = parseEther('100');

export type LocalCustody = {
  kms: LocalKms;
  relayer: string;
  forwarders: Partial<Record<Chain, ForwarderFactory>>;
  stop: () => Promise<void>;
};

/**
 * Custody under `npm start` (issue 24), after the USDC test tokens are deployed: the KMS stand-in with the
 * relayer's key in `DATA_DIR/kms/relayer.key` (a development key, kept across restarts), the relayer funded with
 * gas, and one deposit forwarder factory per chain with the relayer as its only sweeper, deployed by the chain's
 * deployer right after its tokens (its next nonces), so a data folder's factories, and with them its forwarder
 * addresses, are the same after a restart. A separate step from the chain's own start, so either changes alone.
 */
export async function startLocalCustody(options: {
  chains: readonly SandboxChain[];
  /** The key that deployed the tokens (`LocalChains.deployer`): the factories follow in a fixed order. */
  deployerPrivateKey: Hex;
  dataDir: string;
  cacheDir: string;
}): Promise<LocalCustody> {
  const kms = await startLocalKms({ keyFile: join(options.dataDir, 'kms', 'relayer.key') });
  try {
    const relayer = (
      await kmsSigner(
        new KMSClient({
          endpoint: kms.endpoint,
          region: LOCAL_REGION,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
        kms.keyId,
      )
    ).address as Hex;
    const compiled = compileDepositFactory(options.cacheDir);
    const forwarders: Partial<Record<Chain, ForwarderFactory>> = {};
    for (const chain of options.chains) {
      await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({
        address: relayer,
        value: RELAYER_GAS,
      });
      const admin = await signer(chain.rpcUrl, options.deployerPrivateKey);
      forwarders[chain.chain] = await deployDepositFactory(admin, compiled, relayer);
    }
    return { kms, relayer, forwarders, stop: kms.stop };
  } catch (error) {
    await kms.stop();
    throw error;
  }
}

/**
 * The sandbox organization's treasury on each local chain, drawn once (an address whose key nobody keeps: what
 * reaches it stays there, which is all a sandbox treasury needs) and kept in the table across restarts.
 */
export async function ensureSandboxTreasuries(deps: Deps, organizationId: string, chains: readonly Chain[]) {
  const organization = await getOrganization(deps.db, organizationId);
  if (!organization) return;
  const missing = chains.filter((chain) => !organization.treasuries?.[chain]);
  if (missing.length === 0) return organization.treasuries;
  const treasuries = { ...organization.treasuries };
  for (const chain of missing) treasuries[chain] = privateKeyToAccount(generatePrivateKey()).address;
  await updateOrganization(deps.db, organizationId, { treasuries }, deps.clock.now());
  return treasuries;
}
