import { describe, expect, it } from 'vitest';
import { ConfigError, parseChainWatchConfig, parseConfig } from '#shared/config/env.ts';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const base = { WATCH_CHAIN: 'base', WATCH_USDC_ADDRESS: USDC, WATCH_CONFIRMATIONS: '120' };

describe("a chain watcher's configuration", () => {
  it('reads the chain, token, confirmations and the RPC URL parameter, with defaults for the rest', () => {
    const config = parseChainWatchConfig({ ...base, WATCH_RPC_URL_PARAMETER: '/payouts/prod/rpc-url/base' });

    expect(config).toEqual({
      chain: 'base',
      usdcAddress: USDC,
      usdcDecimals: 6,
      confirmations: 120,
      startBlock: 0n,
      blocksPerRun: 5000,
      blocksPerRequest: 500,
      rpc: { parameterName: '/payouts/prod/rpc-url/base' },
    });
  });

  it('fails the cold start naming the variable when the RPC URL is given twice, not at all, or a value is wrong', () => {
    expect(() => parseChainWatchConfig(base)).toThrow(/WATCH_RPC_URL: set exactly one/);
    expect(() =>
      parseChainWatchConfig({ ...base, WATCH_RPC_URL: 'http://127.0.0.1:8545', WATCH_RPC_URL_PARAMETER: '/x' }),
    ).toThrow(ConfigError);
    expect(() => parseChainWatchConfig({ ...base, WATCH_RPC_URL: 'http://x', WATCH_CHAIN: 'solana' })).toThrow(
      /WATCH_CHAIN/,
    );
    expect(() => parseChainWatchConfig({ ...base, WATCH_RPC_URL: 'http://x', WATCH_USDC_ADDRESS: '0x12' })).toThrow(
      /WATCH_USDC_ADDRESS/,
    );
  });

  it('reads the development chains of the sandbox route, and refuses a malformed key', () => {
    const chain = {
      chain: 'base',
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:8545',
      usdcAddress: USDC,
      fundedPrivateKey: `0x${'11'.repeat(32)}`,
    };

    expect(parseConfig({ SANDBOX_CHAINS: JSON.stringify([chain]) }).deposits.sandboxChains).toEqual([chain]);
    expect(parseConfig({}).deposits.sandboxChains).toEqual([]);
    expect(() => parseConfig({ SANDBOX_CHAINS: JSON.stringify([{ ...chain, fundedPrivateKey: '0x12' }]) })).toThrow(
      /SANDBOX_CHAINS/,
    );
  });
});
