import { Decimal } from 'decimal.js';
import { expect } from 'vitest';
import type { Item } from '#test/support/db/own-table.ts';
import type { Request } from '#test/support/http/route-requests.ts';

/**
 * The ledger checker: a customer's balance must be what its transactions say, whatever order concurrent
 * requests were served in. From the transactions alone (read over the API, every page):
 *
 *   credits = completed deposits, and the funds of every forward (a withdrawal funded by USDC arriving at a bank
 *             deposit wallet, `walletAddress` set: the arrival is credited, then paid out like any withdrawal),
 *   debits  = completed withdrawals, locked = withdrawals in progress,
 *   available = credits - debits - locked, balance = credits - debits, and available never negative.
 *
 * And from the stored items: every withdrawal in progress holds its amount in the balance, nothing else holds any;
 * every transaction has one creation event and one event per change of status, ending in its status.
 */

export type Transaction = {
  id: string;
  customerId: string;
  type: 'WITHDRAWAL' | 'DEPOSIT';
  status: string;
  sourceAmount: string;
  walletAddress: string | null;
};

type Balance = { balance: string; availableBalance: string; lockedBalance: string };

const sum = (transactions: Transaction[]) =>
  transactions.reduce((total, t) => total.plus(t.sourceAmount), new Decimal(0));

const withdrawal = (t: Transaction) => t.type === 'WITHDRAWAL';
const forward = (t: Transaction) => withdrawal(t) && t.walletAddress !== null;

/** Every transaction of a customer, following the `Link` header page by page. */
export async function transactionsOf(request: Request, key: string, customerId: string): Promise<Transaction[]> {
  const all: Transaction[] = [];
  let next: string | undefined = `/customers/${customerId}/transactions?limit=200`;
  while (next) {
    const page: Awaited<ReturnType<typeof request<Transaction[]>>> = await request<Transaction[]>('GET', next, { key });
    expect(page.status).toBe(200);
    all.push(...page.body);
    next = /<([^>]+)>;\s*rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return all;
}

/** balance = credits - debits - locked, checked against the balance the API reports. Returns the figures. */
export async function assertLedger(request: Request, key: string, customerId: string) {
  const transactions = await transactionsOf(request, key, customerId);
  const credits = sum(transactions.filter((t) => (t.type === 'DEPOSIT' && t.status === 'COMPLETED') || forward(t)));
  const debits = sum(transactions.filter((t) => withdrawal(t) && t.status === 'COMPLETED'));
  const locked = sum(transactions.filter((t) => withdrawal(t) && t.status === 'PROCESSING'));
  const res = await request<Balance>('GET', `/customers/${customerId}/balance`, { key });
  expect(res.status).toBe(200);
  const what = `ledger of ${customerId}: credits ${credits}, debits ${debits}, locked ${locked}`;
  expect(new Decimal(res.body.availableBalance).toFixed(6), what).toBe(credits.minus(debits).minus(locked).toFixed(6));
  expect(new Decimal(res.body.lockedBalance).toFixed(6), what).toBe(locked.toFixed(6));
  expect(new Decimal(res.body.balance).toFixed(6), what).toBe(credits.minus(debits).toFixed(6));
  expect(new Decimal(res.body.availableBalance).isNegative(), what).toBe(false);
  return { transactions, credits, debits, locked, balance: res.body };
}

type Envelope = { event_type: string; created_at: string; data: Record<string, string> };

/**
 * Item-level: reservations held exactly by balance-funded withdrawals in progress, and each transaction's events
 * a chain from its creation to its current status, one event per change.
 */
export function assertTransactionInvariants(snapshot: Item[]) {
  const events = snapshot.filter((item) => item.entity === 'EVENT').map((item) => item.envelope as Envelope);
  for (const tx of snapshot.filter((item) => item.entity === 'TRANSACTION')) {
    const id = String(tx.transactionId);
    const what = `transaction ${id} (${String(tx.type)} ${String(tx.status)})`;
    const reservation = tx.reservation as { balance: boolean; allowancePeriodStart: string | null };
    const holds = tx.type === 'WITHDRAWAL' && tx.status === 'PROCESSING';
    expect(reservation.balance, what).toBe(holds);
    if (tx.status !== 'PROCESSING') expect(reservation.allowancePeriodStart, what).toBeNull();

    const own = events.filter((e) => e.data.transaction_id === id);
    const created = own.filter((e) => e.event_type.endsWith('.created'));
    expect(created, what).toHaveLength(1);
    const changes = own
      .filter((e) => e.event_type.endsWith('.status_changed'))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    let status = created[0]?.data.status;
    while (changes.length) {
      const i = changes.findIndex((e) => e.data.previous_status === status);
      expect(i, `${what}: no event leaves ${status}; left: ${JSON.stringify(changes)}`).toBeGreaterThanOrEqual(0);
      status = changes.splice(i, 1)[0]?.data.status;
    }
    expect(status, what).toBe(tx.status);
  }
}
