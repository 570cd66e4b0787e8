import { join } from 'node:path';
import { createTestClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  type ChainIdentity,
  fundedNonceAt,
  loadChainIdentity,
  saveChainIdentity,
} from '#infra/local/chain/chain-identity.ts';
import { type LocalNode, startLocalNode } from '#infra/local/chain/node.ts';
import { compileTestUsdc, deployTestUsdc, mintTestUsdc, signer } from '#infra/local/chain/test-usdc.ts';
import { isPortFree, PortTakenError } from '#infra/local/ports.ts';
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
  /**
   * The key that deployed the tokens; a later deployment step signs with it after them (its nonces go on from
   * `deployerNonce`), so its contracts' addresses repeat across restarts too.
   */
  deployer: { privateKey: Hex; nextNonce: number };
  /** Kept from an earlier start of this data folder (`identityPath`): the keys, and the port unless it was taken. */
  kept: { identity: boolean; port: boolean; portTaken?: number };
};

/** Where a data folder keeps its chain's identity. */
export const chainIdentityPath = (chainDir: string) => join(chainDir, 'identity.json');

/** The kept port when it is still free, else a free one; `LOCAL_CHAIN_PORT` (`port`) is taken as given. */
async function startNode(options: { port?: number; blockMs?: number }, kept: number | undefined) {
  if (options.port !== undefined || kept === undefined)
    return { node: await startLocalNode(options), taken: undefined };
  if (await isPortFree(kept)) {
    try {
      return { node: await startLocalNode({ ...options, port: kept }), taken: undefined };
    } catch (error) {
      if (!(error instanceof PortTakenError)) throw error;
    }
  }
  return { node: await startLocalNode({ blockMs: options.blockMs }), taken: kept };
}

/**
 * The embedded chain of `npm start`: ONE local node stands in for every supported chain, each with its own USDC
 * test token (6 decimals, deployed from `test-usdc.sol`), so each chain's watcher sees only its own token, as on
 * the real chains. The node starts empty every time (Hardhat Network keeps no state). With `identityPath` (a data
 * folder's), the deployer and development keys and the port are kept there, and the tokens are deployed in a fixed
 * order by the deployer, so the key, the token addresses and the RPC port are the same after a restart; the
 * development key is funded again (balances and history on the chain are not kept) and its nonces start past any an
 * earlier start used (`fundedNonceAt`). Without it (tests): new keys and a free port.
 */
export async function startLocalChains(options: {
  chains: readonly Chain[];
  cacheDir: string;
  port?: number;
  blockMs?: number;
  identityPath?: string;
}): Promise<LocalChains> {
  const compiled = compileTestUsdc(options.cacheDir);
  const loaded: { identity: ChainIdentity; created: boolean } = options.identityPath
    ? loadChainIdentity(options.identityPath)
    : {
        identity: { deployerPrivateKey: generatePrivateKey(), fundedPrivateKey: generatePrivateKey(), starts: 0 },
        created: true,
      };
  const { identity } = loaded;
  const { node, taken } = await startNode(options, identity.port);
  try {
    const holder = privateKeyToAccount(identity.fundedPrivateKey).address;
    const deployer = await signer(node.rpcUrl, identity.deployerPrivateKey);
    const test = createTestClient({ mode: 'hardhat', transport: http(node.rpcUrl) });
    for (const address of [deployer.account.address, holder])
      await test.setBalance({ address, value: parseEther('1000') });
    await test.setNonce({ address: holder, nonce: fundedNonceAt(identity.starts) });
    const startBlock = await deployer.getBlockNumber({ cacheTime: 0 });
    // Deployer nonces 0 .. n-1: the tokens, in the order of the chains; then n .. 2n-1: the mints.
    const tokens: Hex[] = [];
    for (const chain of options.chains) {
      tokens.push(await deployTestUsdc(deployer, compiled, `USD Coin (local ${chain})`, 'USDC'));
    }
    for (const token of tokens) await mintTestUsdc(deployer, compiled, token, holder, MINTED);
    const chains: SandboxChain[] = options.chains.map((chain, i) => ({
      chain,
      chainId: deployer.chain.id,
      rpcUrl: node.rpcUrl,
      usdcAddress: tokens[i] as Hex,
      fundedPrivateKey: identity.fundedPrivateKey,
    }));
    const port = Number(new URL(node.rpcUrl).port);
    if (options.identityPath) {
      saveChainIdentity(options.identityPath, { ...identity, port, starts: identity.starts + 1 });
    }
    return {
      node,
      chains,
      startBlock,
      deployer: { privateKey: identity.deployerPrivateKey, nextNonce: 2 * tokens.length },
      kept: {
        identity: !loaded.created,
        port: identity.port === port,
        ...(taken !== undefined ? { portTaken: taken } : {}),
      },
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
