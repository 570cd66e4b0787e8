import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClient, type Hex, http } from 'viem';
import { type LocalChains, startLocalChains } from '#infra/local/chain/local-chains.ts';
import {
  type Compiled,
  compileTestUsdc,
  deployTestUsdc,
  mintTestUsdc,
  type Signer,
  signer,
  transferTestUsdc,
} from '#infra/local/chain/test-usdc.ts';
import { parseUnits } from '#shared/rails/chain/units.ts';

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
    stop: () => local.node.stop(),
  };
}

export type TestChain = Awaited<ReturnType<typeof startTestChain>>;
