import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { FAILED_TO_EXECUTE, OUTCOME_UNKNOWN } from '#shared/withdrawals/withdrawal-rules.ts';
import { faultCounts, parseFaults } from '#test/support/db/dynamodb-faults.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useReservationConflicts } from '#test/support/db/reservation-conflicts.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { expectAnswer, setupRequest } from '#test/support/http/setup-requests.ts';
import { burst, QUIET, untilQuiet } from '#test/support/http/until-quiet.ts';
import { assertLedger, assertTransactionInvariants } from '#test/support/ledger/ledger.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Of 50 concurrent 10-USDC withdrawals on 100 USDC, exactly the ten the balance covers are PROCESSING and the rest
 * PROPOSED, however DynamoDB Local serializes the transactions. A create decides again on a fresh read and answers PROCESSING or PROPOSED as the balance and allowance say; one
 * that cannot decide in time answers 503 "failed" (nothing made), never PROPOSED for want of time
 * (docs/decisions/0101-create-decides-or-answers-503.md). The `integration-faults` project runs this file again
 * with DynamoDB's transaction conflicts and throttling on.
 */
// AWS's database budget per request (8 s, shared/db/client.ts) instead of the local 4.5 s meant for a hung database:
// DynamoDB Local serializes transactions, so on two busy cores a storm of 50 measures the machine, not the decisions
// asserted here, which are the same under either budget.
process.env.DATABASE_BUDGET_MS ??= '8000';
const table = useOwnTable();
const reservations = useReservationConflicts();
const { request } = useApi();
const faults = parseFaults(process.env.DYNAMODB_FAULTS);

type Answer = { status: number; headers: Headers; body: Transaction | { error: string }; idempotencyKey: string };
type Payee = Awaited<ReturnType<typeof givenPayee>>;

const tally = (results: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const { status, body } of results) {
    const outcome = 'status' in body ? `${status} ${body.status}` : `${status} ${body.error}`;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
};

/** 50 concurrent 10-USDC creates of the payee, once the service answers fast (`untilQuiet`). */
async function storm(payee: Payee) {
  const { key, customerId } = payee;
  await untilQuiet(
    'the service before the storm',
    burst(10, async () =>
      expectAnswer('probe', await request('GET', `/customers/${customerId}/balance`, { key }), 200),
    ),
  );
  const started = Date.now();
  const results: Answer[] = await Promise.all(
    Array.from({ length: 50 }, async () => {
      const idempotencyKey = randomUUID();
      return { ...(await payee.withdraw({ sourceAmount: '10.00', idempotencyKey })), idempotencyKey };
    }),
  );
  // Said with a failed tally: 503s from a storm that outlasted the requests' deadline are the machine's.
  const note = `the storm took ${Date.now() - started} ms (a request's database deadline: ${process.env.DATABASE_BUDGET_MS} ms); load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
  return { results, note };
}

// Each storm may first wait for a quiet service (`QUIET.maxMs`), then run its 50 creates.
describe(`50 concurrent withdrawals of one customer${faults ? ` (${process.env.DYNAMODB_FAULTS})` : ''}`, {
  timeout: QUIET.maxMs + 60_000,
}, () => {
  it('on 100 USDC: exactly 10 PROCESSING, 40 PROPOSED, no 503', async () => {
    const payee = await givenPayee(table.deps, request, { balance: '100.00' });
    const conflictsBefore = faultCounts.conflicts;

    const { results, note } = await storm(payee);

    expect(tally(results), note).toEqual({ '201 PROCESSING': 10, '201 PROPOSED': 40 });
    const { locked, balance } = await assertLedger(request, payee.key, payee.customerId);
    expect(locked.toFixed(2)).toBe('100.00');
    expect(balance.availableBalance).toBe('0.00');
    // With the fault layer on, the storm met DynamoDB's conflicts, and still answered as above.
    if (faults?.conflicts) expect(faultCounts.conflicts).toBeGreaterThan(conflictsBefore);
    assertTransactionInvariants(await table.snapshot());
  });

  it('against a 55 USDC organization allowance: exactly 5 PROCESSING, 45 PROPOSED, no 503', async () => {
    const payee = await givenPayee(table.deps, request, { balance: '1000.00' });
    await setupRequest(
      'set the allowance',
      () =>
        request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '55.00', resetPeriodMinutes: 1440 } }),
      200,
    );

    const { results, note } = await storm(payee);

    expect(tally(results), note).toEqual({ '201 PROCESSING': 5, '201 PROPOSED': 45 });
    const spent = await request<{ allowance: { spent: string } }>('GET', '/customers/withdrawal/allowance', {
      key: payee.key,
    });
    expect(spent.body.allowance.spent).toBe('50.00');
    const { locked } = await assertLedger(request, payee.key, payee.customerId);
    expect(locked.toFixed(2)).toBe('50.00');
    assertTransactionInvariants(await table.snapshot());
  });

  it('on 1,000 USDC, reservations losing to conflicts most of the way to the deadline: PROCESSING or a 503 the same key settles, never PROPOSED', async () => {
    const payee = await givenPayee(table.deps, request, { balance: '1000.00' });
    const conflictsBefore = reservations.conflicts();
    // Until 1.2 s are left of a create's time, its reservation loses to a concurrent transaction on the balance:
    // less than a PROPOSED write was once kept, and time enough for a reservation on a quiet or a busy machine.
    reservations.hold(1_200);
    const { results, note } = await storm(payee).finally(reservations.release);

    // The balance and the allowance cover all 50: waiting for a manual approval is not an answer to a crowd.
    // A create whose write outlived its deadline on a loaded machine may answer "may have been made" instead.
    const counts = tally(results);
    const answers = [`503 ${FAILED_TO_EXECUTE}`, `503 ${OUTCOME_UNKNOWN}`];
    expect(
      Object.keys(counts).filter((outcome) => outcome !== '201 PROCESSING' && !answers.includes(outcome)),
      note,
    ).toEqual([]);
    for (const failed of results.filter((result) => result.status === 503)) {
      expect(failed.headers.get('retry-after')).toBe('1');
    }
    expect(reservations.conflicts()).toBeGreaterThan(conflictsBefore + 50);
    // What "may have been made" promises: the same key answers the withdrawal if it exists, and makes it once if not.
    const unknown = results.filter((result) => 'error' in result.body && result.body.error === OUTCOME_UNKNOWN);
    const settled = await Promise.all(
      unknown.map(({ idempotencyKey }) =>
        setupRequest(
          'retry with the same key',
          () => payee.withdraw({ sourceAmount: '10.00', idempotencyKey }),
          [200, 201],
        ),
      ),
    );
    expect(settled.map((answer) => (answer.body as Transaction).status)).toEqual(unknown.map(() => 'PROCESSING'));
    const { locked } = await assertLedger(request, payee.key, payee.customerId);
    expect(locked.toFixed(2)).toBe((((counts['201 PROCESSING'] ?? 0) + settled.length) * 10).toFixed(2));
    assertTransactionInvariants(await table.snapshot());
  });

  it('on a fresh allowance period: the concurrent creates that open it all reserve in it', async () => {
    // No allowance item yet: every create of the storm finds the period to open.
    const payee = await givenPayee(table.deps, request, { balance: '200.00' });

    const { results, note } = await storm(payee);

    expect(tally(results), note).toEqual({ '201 PROCESSING': 20, '201 PROPOSED': 30 });
    const spent = await request<{ allowance: { spent: string } }>('GET', '/customers/withdrawal/allowance', {
      key: payee.key,
    });
    expect(spent.body.allowance.spent).toBe('200.00');
    await assertLedger(request, payee.key, payee.customerId);
  });
});
