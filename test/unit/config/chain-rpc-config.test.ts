import { describe, expect, it } from 'vitest';
import { ChainRpcConfigError, parseChainRpcConfig } from '#shared/config/chain-rpc.ts';

describe('CHAIN_RPC, the nodes a function asks on request', () => {
  it('reads URLs (locally) and SSM parameter names (AWS) by chain; unset, no chain', () => {
    const config = parseChainRpcConfig({
      CHAIN_RPC: JSON.stringify({
        base: { url: 'http://127.0.0.1:8545' },
        ethereum: { parameterName: '/payouts/prod/rpc-url/ethereum' },
      }),
    });

    expect(config).toEqual({
      base: { url: 'http://127.0.0.1:8545' },
      ethereum: { parameterName: '/payouts/prod/rpc-url/ethereum' },
    });
    expect(parseChainRpcConfig({})).toEqual({});
  });

  it('fails loudly on an unknown chain, a malformed entry or text that is not JSON', () => {
    for (const value of [
      JSON.stringify({ solana: { url: 'http://127.0.0.1:8545' } }),
      JSON.stringify({ base: { url: 'not a url' } }),
      JSON.stringify({ base: { url: 'http://127.0.0.1:8545', parameterName: '/x' } }),
      '{base',
    ]) {
      expect(() => parseChainRpcConfig({ CHAIN_RPC: value }), value).toThrow(ChainRpcConfigError);
    }
  });
});
