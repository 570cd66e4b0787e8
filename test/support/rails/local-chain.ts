import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestClient, type Hex, http } from 'viem';
import { type LocalChains, startLocalChains } from '#infra/local/chain/local-chains.ts';
import {
  type Compiled,
  compileSolidity,
  compileTestUsdc,
  deployTestUsdc,
  mintTestUsdc,
  type Signer,
  signer,
  transferTestUsdc,
} from '#infra/local/chain/test-usdc.ts';
import { parseUnits } from '#shared/rails/chain/units.ts';

const MINIMAL_SAFE_SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'minimal-safe.sol');

/**
 * A real local node (Hardhat Network) for one test file, mining only when told: `base`'s USDC test token, a second
 * token of the same contract that is not USDC, and helpers to send, mine, snapshot and revert.
 */
export async function startTestChain() {
  const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
  const local: LocalChains = await startLocalChains({ chains: ['base'], cacheDir, blockMs: 0 });
  const [base] = local.chains;
  if (!base) throw new Error('no base chain');
  const compiled: Compiled = compileTestUsdc(cacheDir);
  const holder: Signer = await signer(base.rpcUrl, base.fundedPrivateKey as Hex);
  const otherToken = await deployTestUsdc(holder, compiled, 'Not USDC', 'NUSD');
  await mintTestUsdc(holder, compiled, otherToken, holder.account.address, parseUnits('1000000', 6));
  const test = createTestClient({ mode: 'hardhat', transport: http(base.rpcUrl) });
  const usdc = base.usdcAddress as Hex;

  return {
    rpcUrl: base.rpcUrl,
    usdcAddress: usdc,
    otherToken,
    /** Sends `amount` (a decimal string) of USDC, or of `token`, to `to`; one transaction, mined at once. */
    send: async (to: string, amount: string, token: Hex = usdc) => {
      const receipt = await transferTestUsdc(holder, compiled, token, to, parseUnits(amount, 6));
      return { txHash: receipt.transactionHash, blockNumber: receipt.blockNumber };
    },
    mine: (blocks: number) => test.mine({ blocks }),
    head: () => holder.getBlockNumber({ cacheTime: 0 }),
    /** Snapshot ids are single-use: one revert per snapshot. */
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    /** Deploys the tests' Safe stand-in (`minimal-safe.sol`) answering `owners` and `threshold`; its address. */
    deployMinimalSafe: async (owners: Hex[], threshold: bigint): Promise<Hex> => {
      const safe = compileSolidity(MINIMAL_SAFE_SOURCE, 'MinimalSafe', cacheDir);
      const hash = await holder.deployContract({ abi: safe.abi, bytecode: safe.bytecode, args: [owners, threshold] });
      const receipt = await holder.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 15_000 });
      if (!receipt.contractAddress) throw new Error('deploying MinimalSafe created no contract');
      return receipt.contractAddress;
    },
    stop: () => local.node.stop(),
  };
}

export type TestChain = Awaited<ReturnType<typeof startTestChain>>;
