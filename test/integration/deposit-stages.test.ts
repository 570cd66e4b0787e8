import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { getDepositStage } from '#shared/deposits/deposit-stage-repository.ts';
import { type WatchedChain, watchChain } from '#shared/deposits/watch-chain.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { eventsWhere } from '#test/support/customers/customer-events.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { startTestChain, type TestChain } from '#test/support/rails/local-chain.ts';

const { deps } = useOwnTable();
const { request } = useApi();

let chain: TestChain;
let startBlock: bigint;

beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);

afterAll(async () => {
  await chain?.stop();
});

beforeEach(async () => {
  await resetChainCursor(deps.db, 'base');
  startBlock = (await chain.head()) + 1n;
});

const watched = (): WatchedChain => ({
  chain: 'base',
  usdcAddress: chain.usdcAddress,
  usdcDecimals: 6,
  confirmations: 3,
  startBlock,
  blocksPerRun: 1000,
  blocksPerRequest: 2,
});
const watch = () => watchChain(deps, jsonRpcChain(chain.rpcUrl), watched());

async function givenDepositWallet() {
  const { apiKey: key } = await givenOrganization(deps);
  const customerId = await givenCustomer(request, key);
  const { body: bank } = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
    key,
    body: eurBank(),
  });
  const address = bank.wallets.find((wallet) => wallet.chain === 'base')?.address;
  if (!address) throw new Error('no base wallet');
  const transactions = async () =>
    (await request<Transaction[]>('GET', `/customers/${customerId}/transactions`, { key })).body;
  return { customerId, address, transactions };
}

const stagesOf = async (txHash: string) =>
  (await eventsWhere(deps, 'tx_hash', txHash.toLowerCase()))
    .filter((event) => event.event_type === 'deposit.status_changed')
    .map((event) => [event.data.previous_status, event.data.status]);

describe('deposits in two stages on a real local chain', () => {
  it('is PROCESSING at first sighting and COMPLETED past its confirmations, once each however often it is read', async () => {
    const wallet = await givenDepositWallet();
    const sent = await chain.send(wallet.address, '25');

    const seen = await Promise.all([watch(), watch()]);
    const seenAgain = await watch();
    const atSighting = await stagesOf(sent.txHash);
    const before = await wallet.transactions();
    await chain.mine(3);
    const confirmed = await Promise.all([watch(), watch()]);
    await watch();

    expect(seen.reduce((sum, run) => sum + run.sighted, 0)).toBe(1);
    expect(seenAgain.sighted).toBe(0);
    expect(atSighting).toEqual([[null, 'PROCESSING']]);
    expect(before).toEqual([]);
    expect(confirmed.reduce((sum, run) => sum + run.credited, 0)).toBe(1);
    expect(await stagesOf(sent.txHash)).toEqual([
      [null, 'PROCESSING'],
      ['PROCESSING', 'COMPLETED'],
    ]);
    const transactions = await wallet.transactions();
    expect(transactions.map((t) => [t.type, t.sourceAmount, t.txHash])).toEqual([['WITHDRAWAL', '25.00', sent.txHash]]);
    const stage = await getDepositStage(deps.db, { chain: 'base', txHash: sent.txHash, logIndex: 0 });
    expect(stage).toMatchObject({ status: 'COMPLETED', amount: '25.00', transactionId: transactions[0]?.id });
    const [processing] = await eventsWhere(deps, 'tx_hash', sent.txHash.toLowerCase());
    expect(processing?.data).toMatchObject({ transaction_id: transactions[0]?.id, customer_id: wallet.customerId });
  });

  it('is FAILED, once, when a reorganisation removes it before its confirmations, and never credited', async () => {
    const wallet = await givenDepositWallet();
    const snapshot = await chain.snapshot();
    const vanished = await chain.send(wallet.address, '40');
    await chain.mine(1);
    const shallow = await watch();

    await chain.revert(snapshot);
    await chain.mine(6);
    const after = await Promise.all([watch(), watch()]);
    const later = await watch();

    expect(shallow.sighted).toBe(1);
    expect(after.reduce((sum, run) => sum + run.failed, 0)).toBe(1);
    expect(later.failed).toBe(0);
    expect(await stagesOf(vanished.txHash)).toEqual([
      [null, 'PROCESSING'],
      ['PROCESSING', 'FAILED'],
    ]);
    expect(await wallet.transactions()).toEqual([]);
  });

  it('is COMPLETED without a status change when first seen already past its confirmations', async () => {
    const wallet = await givenDepositWallet();
    const sent = await chain.send(wallet.address, '4.99');
    await chain.mine(3);

    const run = await watch();

    expect(run).toMatchObject({ credited: 1, sighted: 0 });
    expect(await stagesOf(sent.txHash)).toEqual([]);
    const stage = await getDepositStage(deps.db, { chain: 'base', txHash: sent.txHash, logIndex: 0 });
    expect(stage).toMatchObject({ status: 'COMPLETED', blockNumber: null });
  });
});
