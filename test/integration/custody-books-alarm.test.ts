import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSweeper } from '#functions/events/sweep-chain.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { custodyTotalsAdd } from '#shared/deposits/sweep-due.ts';
import type { Deps } from '#shared/deps.ts';
import { creditSent, givenForwarder as givenForwarderOf } from '#test/support/custody/forwarders.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';

/**
 * The reconciliation alarm: the sweeper's run, as its Lambda runs it, checks every organization's custody
 * books on its chain and publishes how many disagree (`CustodyBooksDisagree`, alarmed in the CDK app), logging each.
 */
process.env.METRICS_NAMESPACE = 'PayoutsCustodyTest';
process.env.LOG_LEVEL = 'error';
const { deps: tableDeps } = useOwnTable();
const { request } = useApi();

let sweeper: Awaited<ReturnType<typeof startSweeperChain>>;
let deps: Deps;
let run: ReturnType<typeof chainSweeper>;

beforeAll(async () => {
  sweeper = await startSweeperChain();
  const forwarders = { base: sweeper.factory };
  deps = { ...tableDeps, config: { ...tableDeps.config, deposits: { ...tableDeps.config.deposits, forwarders } } };
  run = chainSweeper(
    {
      chain: 'base',
      usdcAddress: sweeper.chain.usdcAddress,
      thresholdUsdc: '1',
      batchSize: 20,
      kmsKeyId: sweeper.kmsKeyId,
      kmsEndpoint: sweeper.kms.endpoint,
      rpc: { url: sweeper.chain.rpcUrl },
    },
    () => deps,
  );
  await resetChainCursor(deps.db, 'base');
}, 120_000);

afterAll(async () => {
  await sweeper?.stop();
});

const output = captureOutputOfEachTest();

/** Every log and metric line written in the test (since its last `forget()`), parsed. */
const lines = () =>
  [...output.stdout().lines, ...output.stderr().lines]
    .flatMap((chunk) => chunk.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const forget = () => {
  output.stdout().clear();
  output.stderr().clear();
};
const disagreeing = () => lines().find((line) => 'CustodyBooksDisagree' in line);
const logged = () => lines().filter((line) => line.message === 'chain sweeper: custody books disagree');

const credit = () => creditSent(deps, sweeper.chain);

const givenForwarder = () => givenForwarderOf(deps, request);

describe('the custody books check of the sweeper run', () => {
  it('publishes 0 while the books agree, then each organization whose books or treasury disagree', async () => {
    const lost = await givenForwarder();
    const overstated = await givenForwarder();
    await sweeper.chain.send(lost.address, '4');
    await sweeper.chain.send(overstated.address, '2');
    await credit();
    expect((await run())?.outcome).toBe('swept');
    expect(disagreeing()).toMatchObject({ chain: 'base', CustodyBooksDisagree: 0 });
    expect(disagreeing()?._aws).toMatchObject({ CloudWatchMetrics: [{ Namespace: 'PayoutsCustodyTest' }] });

    // A credited deposit whose due item is lost: credited 4.5, swept 4, nothing awaiting.
    const late = await sweeper.chain.send(lost.address, '0.5');
    await credit();
    await deps.db.client.send(
      new DeleteCommand({ TableName: deps.db.tableName, Key: keys.sweepDue('base', lost.address, late.txHash, 0) }),
    );
    // A sweep recorded that the chain does not show: the books balance, the treasury holds 2 of the 3 swept.
    await writeGuarded(deps.db, [
      custodyTotalsAdd(
        deps.db,
        { organizationId: overstated.organizationId, chain: 'base', now: new Date().toISOString() },
        { creditedMicro: 1_000_000n, sweptMicro: 1_000_000n },
      ),
    ]);
    forget();

    expect((await run())?.booksDisagree).toHaveLength(2);

    expect(disagreeing()).toMatchObject({ chain: 'base', CustodyBooksDisagree: 2 });
    expect(logged()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          organizationId: lost.organizationId,
          credited: '4.50',
          swept: '4.00',
          awaitingSweep: '0.00',
          balanced: false,
        }),
        expect.objectContaining({
          organizationId: overstated.organizationId,
          credited: '3.00',
          swept: '3.00',
          balanced: true,
          treasuryBalance: '2.00',
          treasuryHoldsSwept: false,
        }),
      ]),
    );
  });
});
