import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { faultCounts, parseFaults } from '#test/support/db/dynamodb-faults.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { assertLedger, assertTransactionInvariants } from '#test/support/ledger/ledger.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Contention alone never makes a create answer 503: of 50 concurrent 10-USDC withdrawals on 100 USDC, exactly the
 * ten the balance covers are PROCESSING and the rest PROPOSED, however DynamoDB Local serializes the transactions
 * (docs/decisions/0009-contention-decides-never-503.md). The `integration-faults` project runs this file again with
 * DynamoDB's transaction conflicts and throttling on.
 */
// AWS's database budget per request (8 s, shared/db/client.ts) instead of the local 4.5 s meant for a hung database:
// DynamoDB Local serializes transactions, so on two busy cores a storm of 50 measures the machine, not the decisions
// asserted here, which are the same under either budget.
process.env.DATABASE_BUDGET_MS ??= '8000';
const table = useOwnTable();
const { request } = useApi();
const faults = parseFaults(process.env.DYNAMODB_FAULTS);

const tally = (results: { status: number; body: Transaction | { error: string } }[]) => {
  const counts: Record<string, number> = {};
  for (const { status, body } of results) {
    const outcome = 'status' in body ? `${status} ${body.status}` : `${status} ${body.error}`;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
};

const storm = (withdraw: (body: Record<string, unknown>) => Promise<{ status: number; body: Transaction }>) =>
  Promise.all(Array.from({ length: 50 }, () => withdraw({ sourceAmount: '10.00', idempotencyKey: randomUUID() })));

describe(`50 concurrent withdrawals of one customer${faults ? ` (${process.env.DYNAMODB_FAULTS})` : ''}`, () => {
  it('on 100 USDC: exactly 10 PROCESSING, 40 PROPOSED, no 503', async () => {
    const payee = await givenPayee(table.deps, request, { balance: '100.00' });
    const conflictsBefore = faultCounts.conflicts;

    const results = await storm(payee.withdraw);

    expect(tally(results)).toEqual({ '201 PROCESSING': 10, '201 PROPOSED': 40 });
    const { locked, balance } = await assertLedger(request, payee.key, payee.customerId);
    expect(locked.toFixed(2)).toBe('100.00');
    expect(balance.availableBalance).toBe('0.00');
    // With the fault layer on, the storm met DynamoDB's conflicts, and still answered as above.
    if (faults?.conflicts) expect(faultCounts.conflicts).toBeGreaterThan(conflictsBefore);
    assertTransactionInvariants(await table.snapshot());
  });

  it('against a 55 USDC organization allowance: exactly 5 PROCESSING, 45 PROPOSED, no 503', async () => {
    const payee = await givenPayee(table.deps, request, { balance: '1000.00' });
    const allowance = await request('POST', '/sandbox/allowance', {
      key: payee.key,
      body: { limit: '55.00', resetPeriodMinutes: 1440 },
    });
    expect(allowance.status).toBe(200);

    const results = await storm(payee.withdraw);

    expect(tally(results)).toEqual({ '201 PROCESSING': 5, '201 PROPOSED': 45 });
    const spent = await request<{ allowance: { spent: string } }>('GET', '/customers/withdrawal/allowance', {
      key: payee.key,
    });
    expect(spent.body.allowance.spent).toBe('50.00');
    const { locked } = await assertLedger(request, payee.key, payee.customerId);
    expect(locked.toFixed(2)).toBe('50.00');
    assertTransactionInvariants(await table.snapshot());
  });

  it('on a fresh allowance period: the concurrent creates that open it all reserve in it', async () => {
    // No allowance item yet: every create of the storm finds the period to open.
    const payee = await givenPayee(table.deps, request, { balance: '200.00' });

    const results = await storm(payee.withdraw);

    expect(tally(results)).toEqual({ '201 PROCESSING': 20, '201 PROPOSED': 30 });
    const spent = await request<{ allowance: { spent: string } }>('GET', '/customers/withdrawal/allowance', {
      key: payee.key,
    });
    expect(spent.body.allowance.spent).toBe('200.00');
    await assertLedger(request, payee.key, payee.customerId);
  });
});
