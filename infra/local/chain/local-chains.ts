import { createTestClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type LocalNode, startLocalNode } from '#infra/local/chain/node.ts';
import { compileTestUsdc, deployTestUsdc, mintTestUsdc, signer } from '#infra/local/chain/test-usdc.ts';
import type { SandboxChain } from '#shared/config/env.ts';
import type { Chain } from '#shared/money/chains.ts';

/** What the development key holds of each test token: 1,000,000 USDC. */
const MINTED = 1_000_000n * 10n ** 6n;

export type LocalChains = {
  node: LocalNode;
  /** One entry per chain, as `local.json` lists them and `SANDBOX_CHAINS` carries them. */
  chains: SandboxChain[];
  /** The block each token was deployed in: watchers start there. */
  startBlock: bigint;
};

/**
 * The embedded chain of `npm start`: ONE local node stands in for every supported chain, each with its own USDC
 * test token (6 decimals, deployed from `test-usdc.sol`), so each chain's watcher sees only its own token, as on
 * the real chains. A fresh development key is drawn at every start (the node starts empty, so its transactions
 * never repeat an earlier start's hashes), funded with ETH and holding 1,000,000 of each token.
 */
export async function startLocalChains(options: {
  chains: readonly Chain[];
  cacheDir: string;
  port?: number;
  blockMs?: number;
}): Promise<LocalChains> {
  const compiled = compileTestUsdc(options.cacheDir);
  const node = await startLocalNode({ port: options.port, blockMs: options.blockMs });
  try {
    const fundedPrivateKey = generatePrivateKey();
    const holder = privateKeyToAccount(fundedPrivateKey).address;
    const owner = await signer(node.rpcUrl, fundedPrivateKey);
    await createTestClient({ mode: 'hardhat', transport: http(node.rpcUrl) }).setBalance({
      address: holder,
      value: parseEther('1000'),
    });
    const startBlock = await owner.getBlockNumber({ cacheTime: 0 });
    const chains: SandboxChain[] = [];
    for (const chain of options.chains) {
      const usdcAddress = await deployTestUsdc(owner, compiled, `USD Coin (local ${chain})`, 'USDC');
      await mintTestUsdc(owner, compiled, usdcAddress, holder, MINTED);
      chains.push({ chain, chainId: owner.chain.id, rpcUrl: node.rpcUrl, usdcAddress, fundedPrivateKey });
    }
    return { node, chains, startBlock };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
