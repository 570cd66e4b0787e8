import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { chainIdentityPath, startLocalChains } from '#infra/local/chain/local-chains.ts';
import { compileTestUsdc, signer, transferTestUsdc } from '#infra/local/chain/test-usdc.ts';

/**
 * `npm start`'s chain over two starts of one data folder (the node itself keeps nothing): the same development key,
 * token addresses and RPC port; the key's transactions do not repeat the first start's hashes; a port taken
 * meanwhile moves the chain and says so.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'payouts-chain-restart-'));
const chainDir = join(dataDir, 'chain');
const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
const start = () =>
  startLocalChains({ chains: ['base', 'ethereum'], cacheDir, blockMs: 0, identityPath: chainIdentityPath(chainDir) });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function firstTransferHash(chain: { rpcUrl: string; fundedPrivateKey: string; usdcAddress: string }) {
  const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
  const receipt = await transferTestUsdc(
    holder,
    compileTestUsdc(cacheDir),
    chain.usdcAddress as Hex,
    '0x000000000000000000000000000000000000dEaD',
    1_000_000n,
  );
  return receipt.transactionHash;
}

describe('the local chain of one data folder, restarted', () => {
  it('keeps the key, the token addresses and the port; funds again; never repeats a transaction hash', async () => {
    const first = await start();
    const firstHash = await firstTransferHash(first.chains[0] as (typeof first.chains)[number]);
    await first.node.stop();
    const second = await start();
    try {
      expect(first.kept).toEqual({ identity: false, port: false });
      expect(second.kept).toEqual({ identity: true, port: true });
      expect(second.node.rpcUrl).toBe(first.node.rpcUrl);
      expect(second.chains).toEqual(first.chains);
      expect(second.deployer).toEqual(first.deployer);
      expect(await firstTransferHash(second.chains[0] as (typeof second.chains)[number])).not.toBe(firstHash);
    } finally {
      await second.node.stop();
    }
  }, 120_000);

  it('moves to a free port when the kept one is taken, keeping the key and the addresses', async () => {
    const before = await start();
    await before.node.stop();
    const port = Number(new URL(before.node.rpcUrl).port);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const moved = await start();
      try {
        expect(moved.kept).toEqual({ identity: true, port: false, portTaken: port });
        expect(moved.node.rpcUrl).not.toBe(before.node.rpcUrl);
        expect(moved.chains.map((c) => [c.usdcAddress, c.fundedPrivateKey])).toEqual(
          before.chains.map((c) => [c.usdcAddress, c.fundedPrivateKey]),
        );
      } finally {
        await moved.node.stop();
      }
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 120_000);
});
