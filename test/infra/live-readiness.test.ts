import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '#infra/aws/config.ts';
import { liveReadinessProblems } from '#infra/aws/live-readiness.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

/** A deployment serving live organizations refuses at synth every placeholder a sandbox trial may keep. */
const START_BLOCKS = { base: '23000000', ethereum: '21000000', polygon: '64000000', arbitrum: '280000000' };
const READY = {
  ...FULL_CONTEXT,
  liveOrganizations: 'true',
  consoleOrigin: 'https://console.payouts.example',
  mailFrom: 'console@payouts.example',
  chainWatchers: JSON.stringify(
    Object.fromEntries(Object.entries(START_BLOCKS).map(([c, b]) => [c, { startBlock: b }])),
  ),
};
const without = (...keys: string[]) =>
  Object.fromEntries(Object.entries(READY).filter(([key]) => !keys.includes(key))) as Record<string, string>;

describe('cdk synth of a deployment with live organizations', () => {
  it('fails naming the receiving banks when they are left to the placeholders', () => {
    expect(() => appWithoutBundling(without('receivingBanks'))).toThrow(
      /liveOrganizations is true, so these CDK context keys must be set: receivingBanks/,
    );
  });

  it('names every missing key at once: deposit key, receiving banks, console origin, sender, start blocks', () => {
    const config = parseDeploymentConfig({ liveOrganizations: 'true' });
    expect(liveReadinessProblems(config).map((problem) => problem.split(':')[0])).toEqual([
      'depositXpub (or depositXpubParameter)',
      'receivingBanks',
      'consoleOrigin',
      'mailFrom',
      ...Object.keys(START_BLOCKS).map((chain) => `chainWatchers.${chain}.startBlock`),
    ]);
  });

  it('asks a start block of every supported chain, and only of those', () => {
    const config = parseDeploymentConfig({
      ...READY,
      supportedChains: 'base,optimism',
      chainWatchers: JSON.stringify({ base: { startBlock: '1' } }),
    });
    expect(liveReadinessProblems(config)).toEqual([expect.stringMatching(/^chainWatchers\.optimism\.startBlock:/)]);
  });

  it('has nothing to say about a deployment with every key set', () => {
    expect(liveReadinessProblems(parseDeploymentConfig(READY))).toEqual([]);
  });

  it('synthesizes a deployment with every key set, and a sandbox-only one with none', () => {
    expect(() => appWithoutBundling(READY)).not.toThrow();
    expect(() => appWithoutBundling({})).not.toThrow();
  });
});
