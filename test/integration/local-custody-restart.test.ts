import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClient, type Hex, http } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { chainSweeper } from '#functions/events/sweep-chain.ts';
import { chainIdentityPath, type LocalChains, startLocalChains } from '#infra/local/chain/local-chains.ts';
import { compileTestUsdc, signer, transferTestUsdc } from '#infra/local/chain/test-usdc.ts';
import { type LocalCustody, relayerKeyId, startLocalCustody } from '#infra/local/custody.ts';
import { restoreLocalCustody } from '#infra/local/custody-restore.ts';
import { kmsCredentialVariables } from '#infra/local/kms.ts';
import { getCustodyReconciliation } from '#shared/custody/get-custody-reconciliation.ts';
import { latestSweep } from '#shared/custody/sweep-repository.ts';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { watchChain } from '#shared/deposits/watch-chain.ts';
import type { Deps } from '#shared/deps.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import { parseUnits } from '#shared/rails/chain/units.ts';
import { givenForwarder as givenForwarderOf } from '#test/support/custody/forwarders.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * Custody across two starts of one `npm start` data folder: the node starts empty while the table keeps
 * the sweeps, the custody totals and the deposits awaiting their sweep. The runtime's start order is followed:
 * chain, custody (KMS stand-in, factories), then `restoreLocalCustody` before the sweepers and watchers run. After
 * the restart a deposit is swept (the relayer's nonce continues past the table's sweeps) and the books agree.
 */
process.env.METRICS_NAMESPACE = 'PayoutsCustodyRestartTest';
process.env.LOG_LEVEL = 'error';
const { deps: tableDeps } = useOwnTable();
const { request } = useApi();
const dataDir = mkdtempSync(join(tmpdir(), 'payouts-custody-restart-'));
const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Runtime = { local: LocalChains; custody: LocalCustody; deps: Deps; stop: () => Promise<void> };

/** `npm start`'s chain and custody steps on the data folder, then the restore, as `infra/local/main.ts` runs them. */
async function startRuntime() {
  const local = await startLocalChains({
    chains: ['base'],
    cacheDir,
    blockMs: 0,
    identityPath: chainIdentityPath(join(dataDir, 'chain')),
  });
  const custody = await startLocalCustody({
    chains: local.chains,
    deployerPrivateKey: local.deployer.privateKey,
    dataDir,
    cacheDir,
  });
  // Each start draws the stand-in's credentials; `npm start` hands them to the sweepers in these variables.
  Object.assign(process.env, kmsCredentialVariables(custody.kms));
  const deps: Deps = {
    ...tableDeps,
    config: { ...tableDeps.config, deposits: { ...tableDeps.config.deposits, forwarders: custody.forwarders } },
  };
  const restored = await restoreLocalCustody(deps.db, {
    chains: local.chains,
    relayers: custody.relayers,
    deployerPrivateKey: local.deployer.privateKey,
    cacheDir,
  });
  await resetChainCursor(deps.db, 'base');
  const runtime: Runtime = {
    local,
    custody,
    deps,
    stop: async () => {
      await custody.stop();
      await local.node.stop();
    },
  };
  return { runtime, restored };
}

const base = (runtime: Runtime) => runtime.local.chains[0] as LocalChains['chains'][number];

function sweeperOf(runtime: Runtime) {
  return chainSweeper(
    {
      chain: 'base',
      usdcAddress: base(runtime).usdcAddress,
      thresholdUsdc: '1',
      batchSize: 20,
      kmsKeyId: relayerKeyId('base'),
      kmsEndpoint: runtime.custody.kms.endpoint,
      rpc: { url: base(runtime).rpcUrl },
    },
    () => runtime.deps,
  );
}

async function deposit(runtime: Runtime, to: string, amount: string) {
  const chain = base(runtime);
  const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
  await transferTestUsdc(holder, compileTestUsdc(cacheDir), chain.usdcAddress as Hex, to, parseUnits(amount, 6));
  await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).mine({ blocks: 2 });
  await watchChain(runtime.deps, jsonRpcChain(chain.rpcUrl), {
    chain: 'base',
    usdcAddress: chain.usdcAddress,
    usdcDecimals: 6,
    confirmations: 1,
    startBlock: 0n,
    blocksPerRun: 1000,
    blocksPerRequest: 100,
  });
}

const givenForwarder = (runtime: Runtime) => givenForwarderOf(runtime.deps, request);

async function reconciliation(runtime: Runtime, organizationId: string) {
  const organization = await getOrganization(runtime.deps.db, organizationId);
  if (!organization) throw new Error(`no organization ${organizationId}`);
  return (await getCustodyReconciliation(runtime.deps, organization)).chains.find((chain) => chain.chain === 'base');
}

describe('custody on the local chain of one data folder, restarted', () => {
  it('continues the relayer nonce past the table, gives the chain back its custody balances, sweeps, and agrees', async () => {
    const { runtime: first, restored: nothing } = await startRuntime();
    expect(nothing.relayerNonces.get('base')).toBe(0);
    expect(nothing.chains[0]).toMatchObject({ treasuries: new Map(), forwarders: new Map() });
    process.env.CHAIN_RPC = JSON.stringify({
      base: { url: base(first).rpcUrl, usdcAddress: base(first).usdcAddress },
    });
    const swept = await givenForwarder(first);
    const awaiting = await givenForwarder(first);
    try {
      await deposit(first, swept.address, '4');
      const run = await sweeperOf(first)();
      expect(run?.outcome).toBe('swept');
      expect(run?.sweep).toMatchObject({ nonce: '0', status: 'MINED' });
      // Credited after the last sweep: the table holds it as awaiting its sweep when the runtime stops.
      await deposit(first, awaiting.address, '3');
    } finally {
      await first.stop();
    }

    const { runtime: second, restored } = await startRuntime();
    try {
      expect(base(second)).toEqual(base(first));
      expect(second.custody.forwarders).toEqual(first.custody.forwarders);
      expect(restored.relayerNonces.get('base')).toBe(1);
      expect(restored.chains).toEqual([
        {
          chain: 'base',
          treasuries: new Map([[swept.treasury.toLowerCase(), 4_000_000n]]),
          forwarders: new Map([[awaiting.address.toLowerCase(), 3_000_000n]]),
        },
      ]);
      const sweep = sweeperOf(second);
      const afterRestart = await sweep();
      expect(afterRestart?.outcome).toBe('swept');
      expect(afterRestart?.sweep).toMatchObject({ nonce: '1', status: 'MINED' });
      expect(afterRestart?.sweep?.forwarders.map((forwarder) => forwarder.address)).toEqual([awaiting.address]);

      await deposit(second, swept.address, '5');
      const next = await sweep();
      expect(next?.outcome).toBe('swept');
      expect(next?.sweep).toMatchObject({ nonce: '2', status: 'MINED' });
      expect(next?.booksDisagree).toEqual([]);
      expect(next?.treasuryDisagree).toEqual([]);
      expect((await latestSweep(second.deps.db, 'base'))?.nonce).toBe('2');

      expect(await reconciliation(second, swept.organizationId)).toMatchObject({
        credited: '9.00',
        swept: '9.00',
        awaitingSweep: '0.00',
        treasuryBalance: '9.00',
        agree: true,
      });
      expect(await reconciliation(second, awaiting.organizationId)).toMatchObject({
        credited: '3.00',
        swept: '3.00',
        awaitingSweep: '0.00',
        treasuryBalance: '3.00',
        agree: true,
      });
    } finally {
      await second.stop();
    }
  }, 240_000);
});
