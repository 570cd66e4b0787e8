import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import { getInboundTransfer } from '#shared/deposits/inbound-transfer-repository.ts';
import { type WatchedChain, watchChain } from '#shared/deposits/watch-chain.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import type { ChainPort } from '#shared/rails/chain/port.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { startTestChain, type TestChain } from '#test/support/rails/local-chain.ts';
import { randomAddress, walletsOf } from '#test/support/wallets/wallet-requests.ts';

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

// Each test watches from the current head with a fresh cursor, as a watcher deployed now would.
beforeEach(async () => {
  await resetChainCursor(deps.db, 'base');
  startBlock = (await chain.head()) + 1n;
});

const watcher = (confirmations: number): WatchedChain => ({
  chain: 'base',
  usdcAddress: chain.usdcAddress,
  usdcDecimals: 6,
  confirmations,
  startBlock,
  blocksPerRun: 1000,
  blocksPerRequest: 3,
});
const watch = (confirmations: number) => watchChain(deps, jsonRpcChain(chain.rpcUrl), watcher(confirmations));

type Balance = { balance: string; availableBalance: string; lockedBalance: string };

/** A sandbox organization's verified customer with an ACTIVE EUR bank, and its deposit wallet on base. */
async function givenDepositWallet() {
  const { apiKey: key } = await givenOrganization(deps);
  const customerId = await givenCustomer(request, key);
  const { body: bank } = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
    key,
    body: eurBank(),
  });
  const address = bank.wallets.find((wallet) => wallet.chain === 'base')?.address;
  if (!address) throw new Error('no base wallet');
  const balance = async () => (await request<Balance>('GET', `/customers/${customerId}/balance`, { key })).body;
  const transactions = async () =>
    (await request<Transaction[]>('GET', `/customers/${customerId}/transactions`, { key })).body;
  return { key, customerId, address, balance, transactions };
}

describe('the chain watcher against a real local node', () => {
  it('forwards 25 USDC exactly once, credits 4.99, and ignores another token sent to the same address', async () => {
    const wallet = await givenDepositWallet();
    const forwarded = await chain.send(wallet.address, '25');
    const small = await chain.send(wallet.address, '4.99');
    await chain.send(wallet.address, '30', chain.otherToken);
    await chain.mine(2);

    const first = await watch(2);
    const again = await watch(2);

    expect(first).toMatchObject({ credited: 2, rewound: false, yielded: false });
    expect(again.credited).toBe(0);
    const transactions = await wallet.transactions();
    expect(transactions.map((t) => [t.type, t.sourceAmount, t.txHash])).toEqual(
      expect.arrayContaining([
        ['WITHDRAWAL', '25.00', forwarded.txHash],
        ['DEPOSIT', '4.99', small.txHash],
      ]),
    );
    expect(transactions).toHaveLength(2);
    expect(await wallet.balance()).toMatchObject({ availableBalance: '4.99', lockedBalance: '25.00' });
    expect(await getInboundTransfer(deps.db, { chain: 'base', txHash: forwarded.txHash, logIndex: 0 })).toMatchObject({
      amount: '25.00',
      address: wallet.address,
    });
  });

  it('credits a transfer only once it is as deep as the confirmations', async () => {
    const wallet = await givenDepositWallet();
    const sent = await chain.send(wallet.address, '12');

    const atOnce = await watch(3);
    await chain.mine(2);
    const twoDeep = await watch(3);
    const before = await wallet.transactions();
    await chain.mine(1);
    const deepEnough = await watch(3);

    expect(atOnce.credited).toBe(0);
    expect(twoDeep.credited).toBe(0);
    expect(twoDeep.cursor).toBe(sent.blockNumber - 1n);
    expect(before).toEqual([]);
    expect(deepEnough.credited).toBe(1);
    expect((await wallet.transactions()).map((t) => t.txHash)).toEqual([sent.txHash]);
  });

  it('credits once whether a block is read again, the watcher restarts or two watchers read the same range', async () => {
    const wallet = await givenDepositWallet();
    await chain.send(wallet.address, '7');
    await chain.send(wallet.address, '3');
    await chain.mine(1);

    const together = await Promise.all([watch(1), watch(1), watch(1)]);
    await resetChainCursor(deps.db, 'base');
    const restarted = await watch(1);

    expect(together.reduce((sum, run) => sum + run.credited, 0)).toBe(2);
    expect(restarted.credited).toBe(0);
    expect(await wallet.transactions()).toHaveLength(2);
    expect(await wallet.balance()).toMatchObject({ balance: '10.00' });
  });

  it('credits nothing that a reorganisation removed before it was deep enough', async () => {
    const wallet = await givenDepositWallet();
    const snapshot = await chain.snapshot();
    await chain.send(wallet.address, '40');
    await chain.mine(1);
    const shallow = await watch(3);

    await chain.revert(snapshot);
    await chain.mine(6);
    const after = await watch(3);

    expect(shallow.credited).toBe(0);
    expect(after.credited).toBe(0);
    expect(await wallet.transactions()).toEqual([]);
    expect(await wallet.balance()).toMatchObject({ balance: '0.00' });
  });

  it('moves its cursor back when the block under it was replaced, and credits what the new chain holds', async () => {
    const wallet = await givenDepositWallet();
    const snapshot = await chain.snapshot();
    await chain.mine(2);
    const onOldChain = await watch(0);

    await chain.revert(snapshot);
    const replacement = await chain.send(wallet.address, '9');
    await chain.mine(1);
    const onNewChain = await watch(0);

    expect(onOldChain.credited).toBe(0);
    expect(replacement.blockNumber).toBeLessThanOrEqual(onOldChain.cursor);
    expect(onNewChain).toMatchObject({ rewound: true, credited: 1 });
    expect((await wallet.transactions()).map((t) => t.txHash)).toEqual([replacement.txHash]);
  });

  it('credits nothing from a read the chain reorganised under, and reads the new chain on the next run', async () => {
    const wallet = await givenDepositWallet();
    const snapshot = await chain.snapshot();
    const vanished = await chain.send(wallet.address, '11');
    await chain.mine(1);
    const node = jsonRpcChain(chain.rpcUrl);
    let replacement: { txHash: string } | undefined;
    // The reorganisation lands between the logs being read and the range's last block being read again.
    const port: ChainPort = {
      ...node,
      transferLogs: async (input) => {
        const logs = await node.transferLogs(input);
        if (!replacement) {
          await chain.revert(snapshot);
          replacement = await chain.send(wallet.address, '13');
          await chain.mine(2);
        }
        return logs;
      },
    };

    const during = await watchChain(deps, port, watcher(0));
    const next = await watch(0);

    expect(during.credited).toBe(0);
    expect(next.credited).toBe(1);
    const hashes = (await wallet.transactions()).map((t) => t.txHash);
    expect(hashes).toEqual([replacement?.txHash]);
    expect(hashes).not.toContain(vanished.txHash);
  });

  it('tells a contract from an address without code (the port the address checks use)', async () => {
    const port = jsonRpcChain(chain.rpcUrl);

    expect(await port.isContract(chain.usdcAddress)).toBe(true);
    expect(await port.isContract(randomAddress())).toBe(false);
  });

  it("credits nothing to an organization that names another's deposit address, nor to a registered destination wallet", async () => {
    const owner = await givenDepositWallet();
    const intruder = await givenDepositWallet();
    const taken = await request('POST', walletsOf(intruder.customerId), {
      key: intruder.key,
      body: { address: owner.address, currency: 'usdc', chain: 'base' },
    });
    const destination = randomAddress();
    const registered = await request('POST', walletsOf(intruder.customerId), {
      key: intruder.key,
      body: { address: destination, currency: 'usdc', chain: 'base' },
    });
    const toOwner = await chain.send(owner.address, '50');
    await chain.send(destination, '60');
    await chain.mine(1);

    const run = await watch(1);

    expect(taken).toMatchObject({ status: 409, body: { error: 'Address already in use by another wallet' } });
    expect(registered.status).toBe(201);
    expect(run.credited).toBe(1);
    expect(await intruder.transactions()).toEqual([]);
    expect(await intruder.balance()).toMatchObject({ balance: '0.00' });
    expect((await owner.transactions()).map((t) => [t.type, t.txHash])).toEqual([['WITHDRAWAL', toOwner.txHash]]);
  });
});
