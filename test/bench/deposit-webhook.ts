/**
 * From a deposit's confirming block to its `deposit.status_changed` COMPLETED webhook (custody), a
 * companion of `npm run bench`: under `npm start` (a temporary DATA_DIR), USDC is sent with viem to a bank's deposit
 * wallet on the local base chain, one transfer at a time; a poller records when each block number first appears
 * (every 20 ms), and a receiver when each webhook arrives. The confirming block of a transfer mined in block B is
 * B + LOCAL_CHAIN_CONFIRMATIONS (the watcher credits a transfer once the head is that far past it).
 *
 * The floor, measured in the same run: `POST /customers` answered to its `customer.created` webhook, the events
 * pipeline alone (table stream, event bus, queue, sender). The ratio is what the chain watcher adds to it.
 * Prints a markdown table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPublicClient, type Hex, http } from 'viem';
import { compileTestUsdc, signer, transferTestUsdc } from '#infra/local/chain/test-usdc.ts';
import { percentile } from '#test/bench/load.ts';
import { startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';
import { startReceiver } from '#test/support/webhooks/receiver.ts';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '10' } } });
const SAMPLES = Number(values.samples);
const CONFIRMATIONS = 4;
const TIMEOUT_MS = 120_000;

type Envelope = { event_type: string; data: Record<string, unknown> };

const dataDir = mkdtempSync(join(tmpdir(), 'payouts-bench-deposit-webhook-'));
const receiver = await startReceiver();
const runtime = await startRuntime(dataDir, { LOG_LEVEL: 'error', LOCAL_CHAIN_CONFIRMATIONS: String(CONFIRMATIONS) });
const arrivals = new Map<string, number>();
const seenAt = new Map<bigint, number>();
let polling = true;
try {
  const { apiKey: key } = runtime.localJson();
  const chain = runtime.localJson().chains?.find((c) => c.chain === 'base');
  if (!chain) throw new Error('npm start runs no base chain');
  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });
  await api('POST', '/webhooks/endpoints', { url: receiver.url('/bench') });
  // Each delivery is noted when it arrives (the receiver keeps them in order; this picks up the new ones).
  const noteArrivals = () => {
    for (const delivery of receiver.received.slice(arrivals.size)) {
      const event = JSON.parse(delivery.body) as Envelope;
      const id =
        event.event_type === 'deposit.status_changed'
          ? `${String(event.data.tx_hash).toLowerCase()}:${String(event.data.status)}`
          : `${event.event_type}:${String(event.data.customer_id ?? event.data.id)}`;
      arrivals.set(id, performance.now());
    }
  };
  const until = async (what: string, id: string) => {
    const deadline = performance.now() + TIMEOUT_MS;
    for (;;) {
      noteArrivals();
      const at = arrivals.get(id);
      if (at !== undefined) return at;
      if (performance.now() > deadline) throw new Error(`no ${what} webhook within ${TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const floor: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const sent = performance.now();
    const { body } = await api<{ customerId: string }>('POST', '/customers', {
      name: `Bench ${i}`,
      accountType: 'individual',
      email: 'bench@example.com',
    });
    floor.push((await until('customer.created', `customer.created:${body.customerId}`)) - sent);
  }

  const { body: customer } = await api<{ customerId: string }>('POST', '/customers', {
    name: 'Jane Doe',
    accountType: 'individual',
    email: 'jane@example.com',
  });
  await api('POST', `/sandbox/customers/${customer.customerId}/kyc/approve`);
  const { body: bank } = await api<{ wallets: { chain: string; address: string }[] }>(
    'POST',
    `/customers/${customer.customerId}/withdrawal/banks`,
    { beneficiaryName: 'Jane Doe', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
  );
  const wallet = bank.wallets.find((w) => w.chain === 'base');
  if (!wallet) throw new Error('the bank has no base wallet');
  const reader = createPublicClient({ transport: http(chain.rpcUrl) });
  const poller = (async () => {
    while (polling) {
      const head = await reader.getBlockNumber({ cacheTime: 0 });
      if (!seenAt.has(head)) seenAt.set(head, performance.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const holder = await signer(chain.rpcUrl, chain.fundedPrivateKey as Hex);
  const usdc = compileTestUsdc(process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache'));
  const deposits: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const receipt = await transferTestUsdc(holder, usdc, chain.usdcAddress as Hex, wallet.address, 2_000_000n);
    const completed = await until('deposit COMPLETED', `${receipt.transactionHash.toLowerCase()}:COMPLETED`);
    const confirming = seenAt.get(receipt.blockNumber + BigInt(CONFIRMATIONS));
    if (confirming === undefined) throw new Error('the poller missed the confirming block');
    deposits.push(completed - confirming);
  }
  polling = false;
  await poller;

  const stats = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const deposit = stats(deposits);
  const pipeline = stats(floor);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    `Deposit confirmation to webhook (npm start, ${SAMPLES} transfers, ${CONFIRMATIONS} confirmations)`,
    '',
    '| | p50 | p95 | p50 / floor p50 |',
    '| --- | --- | --- | --- |',
    `| confirming block -> deposit.status_changed COMPLETED | ${ms(deposit.p50)} | ${ms(deposit.p95)} | ${(deposit.p50 / pipeline.p50).toFixed(1)} |`,
    `| floor: POST /customers -> customer.created | ${ms(pipeline.p50)} | ${ms(pipeline.p95)} | 1.0 |`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  polling = false;
  await runtime.stop('SIGKILL');
  await untilDatabaseReleased(dataDir).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  await receiver.close();
}
