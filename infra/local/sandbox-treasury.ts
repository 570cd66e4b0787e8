import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createTestClient, erc20Abi, type Hex, http, maxUint256, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { signer } from '#infra/local/chain/test-usdc.ts';
import type { SandboxChain } from '#shared/deposits/settings.ts';
import type { Chain } from '#shared/money/chains.ts';

/**
 * The sandbox treasury's development key on a chain, kept in `DATA_DIR/treasury/<chain>.key` (never real funds): with
 * it `npm start` plays the treasury's holder, who in AWS approves the relayer once (shared/treasury/README.md), so
 * on-ramp deposits and fee withdrawals leave the sandbox treasury as they leave a live one.
 */
const keyPath = (dataDir: string, chain: Chain) => join(dataDir, 'treasury', `${chain}.key`);

/** A new sandbox treasury: its key written to the data folder, its address returned. */
export function newSandboxTreasury(dataDir: string, chain: Chain): string {
  const key = generatePrivateKey();
  const path = keyPath(dataDir, chain);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, key, { mode: 0o600 });
  return privateKeyToAccount(key).address;
}

/**
 * At every start (the local chain is new each time): each sandbox treasury whose key the data folder keeps gets gas
 * and approves its chain's relayer for all its USDC. A treasury drawn before its key was kept cannot approve: its sends
 * wait (`TREASURY_SHORT`, naming the allowance). Answers the chains approved.
 */
export async function approveSandboxTreasuries(options: {
  dataDir: string;
  chains: readonly SandboxChain[];
  treasuries: Partial<Record<string, string>>;
  relayers: Partial<Record<Chain, Hex>>;
}): Promise<Chain[]> {
  const approved: Chain[] = [];
  for (const chain of options.chains) {
    const path = keyPath(options.dataDir, chain.chain);
    const relayer = options.relayers[chain.chain];
    const treasury = options.treasuries[chain.chain];
    if (!relayer || !treasury || !existsSync(path)) continue;
    const key = readFileSync(path, 'utf8').trim() as Hex;
    const holder = privateKeyToAccount(key);
    if (holder.address.toLowerCase() !== treasury.toLowerCase()) continue;
    await createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({
      address: holder.address,
      value: parseEther('1'),
    });
    const wallet = await signer(chain.rpcUrl, key);
    const hash = await wallet.writeContract({
      address: chain.usdcAddress as Hex,
      abi: erc20Abi,
      functionName: 'approve',
      args: [relayer, maxUint256],
    });
    await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    approved.push(chain.chain);
  }
  return approved;
}
