import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import type { Chain } from '#shared/money/chains.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import { resolveRpcUrl } from '#shared/rails/chain/rpc-url.ts';
import type { ChainPorts } from '#shared/wallets/verify-address.ts';

/**
 * The nodes of `CHAIN_RPC`: a port per chain, built on first use (in AWS the URL is read once from its SSM
 * parameter, as the chain watchers read theirs). A short timeout: a caller is waiting.
 */
export function configuredChainPorts(region: string): ChainPorts {
  const rpc = chainRpcConfig();
  return {
    chains: Object.keys(rpc) as Chain[],
    portOf: async (chain) => {
      const settings = rpc[chain];
      if (!settings) throw new Error(`no RPC for ${chain}`);
      return jsonRpcChain(await resolveRpcUrl(settings, region), { timeoutMs: 3_000 });
    },
  };
}
