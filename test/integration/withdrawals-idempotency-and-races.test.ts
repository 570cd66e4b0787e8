import { describe, expect, it } from 'vitest';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { eventsOfTransaction, givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Creating withdrawals again and at once: idempotency keys (replays, clashes, scope, 50 identical creates at once)
 * and concurrent creates racing for one balance or one allowance. Single creates: withdrawals-create.test.ts.
 */

const deps = integrationDeps();
const { request } = useApi();

describe('idempotency against DynamoDB Local', () => {
  it('replays the original in its current state with Idempotent-Replayed, creating and emitting nothing', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    const first = await payee.withdraw({ idempotencyKey: 'order-42', sourceAmount: '10.5' });
    await request('POST', `/sandbox/transactions/${first.body.id}/complete`, { key: payee.key });

    const again = await payee.withdraw({ idempotencyKey: 'order-42', sourceAmount: '10.50' });

    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toMatchObject({ id: first.body.id, status: 'COMPLETED' });
    const events = await eventsOfTransaction(deps, first.body.id);
    expect(events.map((e) => e.event_type)).toEqual(['withdrawal.created', 'withdrawal.status_changed']);
    const all = await request<Transaction[]>('GET', `/customers/${payee.customerId}/transactions?type=WITHDRAWAL`, {
      key: payee.key,
    });
    expect(all.body.map((t) => t.id)).toEqual([first.body.id]);
  });

  it('refuses the same key with other parameters (422), also for another customer', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    await payee.withdraw({ idempotencyKey: 'dup', sourceAmount: '10' });

    const other = await payee.withdraw({ idempotencyKey: 'dup', sourceAmount: '11' });
    const target = await payee.withdraw({ idempotencyKey: 'dup', targetAmount: '10' });

    for (const res of [other, target]) {
      expect(res).toMatchObject({
        status: 422,
        body: { error: 'idempotencyKey: Key was already used with different parameters' },
      });
    }
  });

  it('scopes keys to the organization', async () => {
    const a = await givenPayee(deps, request, { balance: '100' });
    const b = await givenPayee(deps, request, { balance: '100' });

    const fromA = await a.withdraw({ idempotencyKey: 'shared-key', sourceAmount: '10' });
    const fromB = await b.withdraw({ idempotencyKey: 'shared-key', sourceAmount: '10' });

    expect(fromB.status).toBe(201);
    expect(fromB.headers.get('idempotent-replayed')).toBeNull();
    expect(fromB.body.id).not.toBe(fromA.body.id);
  });

  it('takes the key from the Idempotency-Key header, and refuses a body key that disagrees', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });

    const first = await payee.withdraw({ sourceAmount: '10' }, { 'Idempotency-Key': 'hdr:1' });
    const replay = await payee.withdraw({ idempotencyKey: 'hdr:1', sourceAmount: '10' });
    const clash = await payee.withdraw({ idempotencyKey: 'other', sourceAmount: '10' }, { 'Idempotency-Key': 'hdr:1' });

    expect(first.status).toBe(201);
    expect(replay).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(clash).toMatchObject({
      status: 400,
      body: { error: 'idempotencyKey: Does not match the Idempotency-Key header' },
    });
  });

  it('turns 50 concurrent identical creates into one transaction and 50 identical bodies', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => payee.withdraw({ idempotencyKey: 'burst', sourceAmount: '10' })),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const [first] = responses;
    for (const response of responses) expect(response.body).toEqual(first?.body);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const listed = await request<Transaction[]>('GET', `/customers/${payee.customerId}/transactions?type=WITHDRAWAL`, {
      key: payee.key,
    });
    expect(listed.body).toHaveLength(1);
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 90_000_000n,
      locked: 10_000_000n,
    });
    expect(await eventsOfTransaction(deps, listed.body[0]?.id ?? '')).toHaveLength(1);
  });
});

describe('ledger races against DynamoDB Local', () => {
  const statuses = (responses: { body: Transaction }[]) =>
    responses.reduce<Record<string, number>>((counts, r) => {
      counts[r.body.status] = (counts[r.body.status] ?? 0) + 1;
      return counts;
    }, {});

  it('never overdraws the balance: 100 USDC and 30 concurrent 10-USDC withdrawals -> 10 PROCESSING, 20 PROPOSED', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => payee.withdraw({ idempotencyKey: `race-${i}`, sourceAmount: '10' })),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(statuses(responses)).toEqual({ PROCESSING: 10, PROPOSED: 20 });
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 0n,
      locked: 100_000_000n,
    });
  });

  it('never overspends the allowance: 100 USDC allowed and 30 concurrent 10-USDC withdrawals -> 10 PROCESSING', async () => {
    const payee = await givenPayee(deps, request, { balance: '1000' });
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '100', resetPeriodMinutes: 60 } });

    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => payee.withdraw({ idempotencyKey: `allow-${i}`, sourceAmount: '10' })),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(statuses(responses)).toEqual({ PROCESSING: 10, PROPOSED: 20 });
    expect((await getAllowanceUsage(deps.db, payee.org.organizationId))?.spent).toBe(100_000_000n);
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 900_000_000n,
      locked: 100_000_000n,
    });
  });
});
