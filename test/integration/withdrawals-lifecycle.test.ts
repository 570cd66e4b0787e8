import { describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { Transaction, TransactionStatus } from '#shared/transactions/schemas.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { eventsOfTransaction, givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

const deps = integrationDeps();
const { request } = useApi();

type Payee = Awaited<ReturnType<typeof givenPayee>>;

const sandbox = (payee: Payee, transactionId: string, action: string, body?: unknown) =>
  request<Transaction>('POST', `/sandbox/transactions/${transactionId}/${action}`, { key: payee.key, body });
const cancel = (payee: Payee, transactionId: string) =>
  request<Transaction>('POST', `/customers/${payee.customerId}/transactions/${transactionId}/cancel`, {
    key: payee.key,
  });
const fetchTransaction = async (payee: Payee, transactionId: string) =>
  (
    await request<Transaction>('GET', `/customers/${payee.customerId}/transactions/${transactionId}`, {
      key: payee.key,
    })
  ).body;

/** The status changes recorded for a transaction, as [previous, next] pairs after the created event. */
async function recordedChanges(transactionId: string) {
  const events = await eventsOfTransaction(deps, transactionId);
  const [created, ...changes] = events;
  expect(created?.event_type).toBe('withdrawal.created');
  for (const change of changes) expect(change.event_type).toBe('withdrawal.status_changed');
  return { created: created?.data.status, changes: changes.map((e) => [e.data.previous_status, e.data.status]) };
}

describe('approvals against DynamoDB Local', () => {
  it('counts signatures up to requiredApprovals, then executes and reserves the balance', async () => {
    const payee = await givenPayee(deps, request, { balance: '100', organization: { requiredApprovals: 2 } });
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '0', resetPeriodMinutes: 0 } });
    const { body: proposed } = await payee.withdraw({ idempotencyKey: 'sign', sourceAmount: '60' });
    expect(proposed.status).toBe('PROPOSED');

    const first = await sandbox(payee, proposed.id, 'approve', { approver: 'Alice@Example.com' });
    const again = await sandbox(payee, proposed.id, 'approve', { approver: 'alice@example.com' });
    const second = await sandbox(payee, proposed.id, 'approve', { approver: 'bob@example.com' });

    expect(first).toMatchObject({ status: 200, body: { status: 'PARTIALLY_SIGNED', requiresUiAction: true } });
    expect(again).toMatchObject({ status: 409, body: { error: 'Approver has already signed this withdrawal' } });
    expect(second).toMatchObject({ status: 200, body: { status: 'PROCESSING', requiresUiAction: false } });
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 40_000_000n,
      locked: 60_000_000n,
    });
    // Approved withdrawals are a human decision beyond the allowance: nothing is counted against it.
    expect(await getAllowanceUsage(deps.db, payee.org.organizationId)).toMatchObject({ spent: 0n });
    expect(await recordedChanges(proposed.id)).toEqual({
      created: 'PROPOSED',
      changes: [
        ['PROPOSED', 'PARTIALLY_SIGNED'],
        ['PARTIALLY_SIGNED', 'PROCESSING'],
      ],
    });
  });

  it('refuses the executing signature while the balance is short (409) and records nothing', async () => {
    const payee = await givenPayee(deps, request, { balance: '10' });
    const { body: proposed } = await payee.withdraw({ idempotencyKey: 'poor', sourceAmount: '25' });

    const refused = await sandbox(payee, proposed.id, 'approve', { approver: 'alice@example.com' });
    await request('POST', `/sandbox/customers/${payee.customerId}/balance`, { key: payee.key, body: { amount: '15' } });
    const retried = await sandbox(payee, proposed.id, 'approve', { approver: 'alice@example.com' });

    expect(refused).toMatchObject({ status: 409, body: { error: 'Insufficient USDC balance' } });
    // The refused signature was not kept: the same approver can sign once the balance suffices.
    expect(retried).toMatchObject({ status: 200, body: { status: 'PROCESSING' } });
    expect(await recordedChanges(proposed.id)).toEqual({ created: 'PROPOSED', changes: [['PROPOSED', 'PROCESSING']] });
  });

  it('approves and rejects through the admin CLI, which knows only the transaction id', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '0', resetPeriodMinutes: 0 } });
    const { body: one } = await payee.withdraw({ idempotencyKey: 'cli-1', sourceAmount: '10' });
    const { body: two } = await payee.withdraw({ idempotencyKey: 'cli-2', sourceAmount: '10' });
    const admin = (...argv: string[]) => run(argv, () => deps.db) as Promise<Transaction>;

    const approved = await admin('withdrawal', 'approve', one.id, '--as', 'ops@example.com');
    const rejected = await admin('withdrawal', 'reject', two.id, '--as', 'ops@example.com');

    expect(approved).toMatchObject({ id: one.id, status: 'PROCESSING' });
    expect(rejected).toMatchObject({ id: two.id, status: 'CANCELLED', requiresUiAction: false });
    await expect(admin('withdrawal', 'approve', two.id, '--as', 'ops@example.com')).rejects.toThrow(
      'Withdrawal is CANCELLED; it can be approved only while PROPOSED or PARTIALLY_SIGNED',
    );
    await expect(
      admin('withdrawal', 'approve', '00000000-0000-4000-8000-000000000000', '--as', 'a@b.co'),
    ).rejects.toThrow('Transaction not found');
    await expect(admin('withdrawal', 'approve', one.id)).rejects.toThrow('--as takes the approver e-mail');
  });

  it('lets exactly one of a racing approve and cancel win', async () => {
    const payee = await givenPayee(deps, request, { balance: '1000' });
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '0', resetPeriodMinutes: 0 } });
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const { body: proposed } = await payee.withdraw({ idempotencyKey: `race-${round}`, sourceAmount: '10' });

      const [approve, cancelled] = await Promise.all([
        sandbox(payee, proposed.id, 'approve', { approver: 'alice@example.com' }),
        cancel(payee, proposed.id),
      ]);

      expect([approve.status, cancelled.status].sort()).toEqual([200, 409]);
      const final = await fetchTransaction(payee, proposed.id);
      expect(final.status).toBe(approve.status === 200 ? 'PROCESSING' : 'CANCELLED');
      expect((await recordedChanges(proposed.id)).changes).toEqual([['PROPOSED', final.status]]);
      outcomes.push(final.status);
    }
    const balance = await getBalance(deps.db, payee.org.organizationId, payee.customerId);
    const processing = outcomes.filter((s) => s === 'PROCESSING').length;
    expect(balance.locked).toBe(BigInt(processing) * 10_000_000n);
  });
});

describe('settlement and cancellation against DynamoDB Local', () => {
  it('completes a payout: completedAt set, the locked amount leaves the balance', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    const { body: processing } = await payee.withdraw({ idempotencyKey: 'pay', sourceAmount: '30' });

    const completed = await sandbox(payee, processing.id, 'complete');

    expect(completed).toMatchObject({ status: 200, body: { status: 'COMPLETED', requiresUiAction: false } });
    // The booking time of the camt.054 the sandbox bank wrote: after the start, on or after the execution date its
    // file asks for, and not after the state changed unless that date had not begun (then its start, 00:00 UTC).
    const record = await getTransactionOfCustomer(deps.db, payee.org.organizationId, payee.customerId, processing.id);
    const executionDate = (await getPaymentFile(deps.db, record?.paymentFileId ?? ''))?.executionDate ?? '~';
    const completedAt = completed.body.completedAt ?? '~';
    const executionStart = `${executionDate}T00:00:00.000Z`;
    expect(completedAt >= processing.createdAt).toBe(true);
    expect(completedAt >= executionStart).toBe(true);
    const latest = completed.body.updatedAt > executionStart ? completed.body.updatedAt : executionStart;
    expect(completedAt <= latest).toBe(true);
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 70_000_000n,
      locked: 0n,
    });
    expect(await getAllowanceUsage(deps.db, payee.org.organizationId)).toMatchObject({ spent: 30_000_000n });
  });

  it('fails a payout: failureReason set, the reservation returned to the balance and the allowance', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    const { body: processing } = await payee.withdraw({ idempotencyKey: 'bounce', sourceAmount: '30' });

    const failed = await sandbox(payee, processing.id, 'fail', { reason: 'Beneficiary account closed' });
    const defaulted = await payee.withdraw({ idempotencyKey: 'bounce-2', sourceAmount: '5' });
    const failedDefault = await sandbox(payee, defaulted.body.id, 'fail');

    expect(failed).toMatchObject({
      status: 200,
      body: { status: 'FAILED', failureReason: 'Beneficiary account closed', completedAt: null },
    });
    expect(failedDefault.body.failureReason).toBe('Payout failed');
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 100_000_000n,
      locked: 0n,
    });
    expect(await getAllowanceUsage(deps.db, payee.org.organizationId)).toMatchObject({ spent: 0n });
  });

  it('cancels only while awaiting signatures, through the API and by an approver rejecting', async () => {
    const payee = await givenPayee(deps, request, { balance: '100', organization: { requiredApprovals: 2 } });
    const { body: processing } = await payee.withdraw({ idempotencyKey: 'c-1', sourceAmount: '10' });
    const { body: proposed } = await payee.withdraw({ idempotencyKey: 'c-2', sourceAmount: '500' });
    const { body: partial } = await payee.withdraw({ idempotencyKey: 'c-3', sourceAmount: '600' });
    await sandbox(payee, partial.id, 'approve', { approver: 'alice@example.com' });

    const cancelled = await cancel(payee, proposed.id);
    const rejected = await sandbox(payee, partial.id, 'reject', { approver: 'bob@example.com' });
    const tooLate = await cancel(payee, processing.id);

    expect(processing.status).toBe('PROCESSING');
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'CANCELLED', requiresUiAction: false } });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'CANCELLED' } });
    expect(tooLate).toMatchObject({
      status: 409,
      body: { error: 'Withdrawal is PROCESSING; it can be cancelled only while PROPOSED or PARTIALLY_SIGNED' },
    });
    expect((await recordedChanges(partial.id)).changes).toEqual([
      ['PROPOSED', 'PARTIALLY_SIGNED'],
      ['PARTIALLY_SIGNED', 'CANCELLED'],
    ]);
  });
});

describe('illegal transitions against DynamoDB Local', () => {
  const actions = ['approve', 'reject', 'complete', 'fail', 'expire', 'cancel'] as const;
  const allowed: Record<(typeof actions)[number], TransactionStatus[]> = {
    approve: ['PROPOSED', 'PARTIALLY_SIGNED'],
    reject: ['PROPOSED', 'PARTIALLY_SIGNED'],
    cancel: ['PROPOSED', 'PARTIALLY_SIGNED'],
    expire: ['PROPOSED', 'PARTIALLY_SIGNED'],
    complete: ['PROCESSING'],
    fail: ['PROCESSING'],
  };

  it('reaches each of the seven statuses and refuses every transition the lifecycle does not allow with 409, writing nothing', async () => {
    const payee = await givenPayee(deps, request, { balance: '1000', organization: { requiredApprovals: 2 } });
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '50', resetPeriodMinutes: 0 } });
    const make = async (key: string, steps: [string, unknown?][] = [], amount = '10') => {
      const { body } = await payee.withdraw({ idempotencyKey: key, sourceAmount: amount });
      for (const [action, input] of steps) {
        const res = action === 'cancel' ? await cancel(payee, body.id) : await sandbox(payee, body.id, action, input);
        expect(res.status, `${key} ${action}`).toBe(200);
      }
      return fetchTransaction(payee, body.id);
    };
    const byStatus: Record<TransactionStatus, Transaction> = {
      PROCESSING: await make('processing'),
      PROPOSED: await make('proposed', [], '60'),
      PARTIALLY_SIGNED: await make('partial', [['approve', { approver: 'a@example.com' }]], '60'),
      COMPLETED: await make('completed', [['complete']]),
      FAILED: await make('failed', [['fail']]),
      CANCELLED: await make('cancelled', [['cancel']], '60'),
      EXPIRED: await make('expired', [['expire']], '60'),
    };
    for (const [status, transaction] of Object.entries(byStatus)) expect(transaction.status).toBe(status);

    for (const [status, transaction] of Object.entries(byStatus) as [TransactionStatus, Transaction][]) {
      const eventsBefore = (await eventsOfTransaction(deps, transaction.id)).length;
      for (const action of actions) {
        if (allowed[action].includes(status)) continue;
        const res =
          action === 'cancel'
            ? await cancel(payee, transaction.id)
            : await sandbox(payee, transaction.id, action, action === 'approve' ? { approver: 'z@example.com' } : {});
        expect(res.status, `${action} from ${status}`).toBe(409);
      }
      expect(await fetchTransaction(payee, transaction.id)).toEqual(transaction);
      expect(await eventsOfTransaction(deps, transaction.id)).toHaveLength(eventsBefore);
    }
  });

  it('answers 404 for a transaction of another organization or customer', async () => {
    const a = await givenPayee(deps, request, { balance: '100' });
    const b = await givenPayee(deps, request, { balance: '100' });
    const { body: mine } = await a.withdraw({ idempotencyKey: 'mine', sourceAmount: '10' });

    for (const action of ['approve', 'reject', 'complete', 'fail', 'expire']) {
      const res = await sandbox(b, mine.id, action, action === 'approve' ? { approver: 'x@example.com' } : {});
      expect(res, action).toMatchObject({ status: 404, body: { error: 'Transaction not found' } });
    }
    expect(await request('GET', `/customers/${b.customerId}/transactions/${mine.id}`, { key: b.key })).toMatchObject({
      status: 404,
      body: { error: 'Transaction not found' },
    });
    expect(await request('GET', `/customers/${a.customerId}/transactions/${mine.id}`, { key: b.key })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(await fetchTransaction(a, mine.id)).toMatchObject({ status: 'PROCESSING' });
  });
});

describe('transaction lists against DynamoDB Local', () => {
  it('lists newest first with type and status filters and Link pagination; a credit is a completed DEPOSIT', async () => {
    const payee = await givenPayee(deps, request);
    const { body: deposit } = await request<Transaction>('POST', `/sandbox/customers/${payee.customerId}/balance`, {
      key: payee.key,
      body: { amount: '30.123456' },
    });
    const ids: string[] = [deposit.id];
    for (let i = 0; i < 4; i++)
      ids.push((await payee.withdraw({ idempotencyKey: `l-${i}`, sourceAmount: '10' })).body.id);

    const seen: string[] = [];
    let next: string | undefined = `/customers/${payee.customerId}/transactions?limit=2`;
    while (next) {
      const page: Awaited<ReturnType<typeof request<Transaction[]>>> = await request<Transaction[]>('GET', next, {
        key: payee.key,
      });
      seen.push(...page.body.map((t) => t.id));
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    const proposed = await request<Transaction[]>(
      'GET',
      `/customers/${payee.customerId}/transactions?type=WITHDRAWAL&status=proposed`,
      { key: payee.key },
    );
    const deposits = await request<Transaction[]>('GET', `/customers/${payee.customerId}/transactions?type=DEPOSIT`, {
      key: payee.key,
    });

    expect(seen).toEqual([...ids].reverse());
    // 30.12 available: three 10-USDC withdrawals execute, the fourth is proposed.
    expect(proposed.body.map((t) => t.id)).toEqual([ids[4]]);
    expect(deposits.body).toEqual([deposit]);
    expect(deposit).toMatchObject({
      type: 'DEPOSIT',
      status: 'COMPLETED',
      requiresUiAction: false,
      completedAt: deposit.createdAt,
      reference: expect.stringMatching(/^DP-/),
      sourceAmount: '30.123456',
      targetAmount: '30.123456',
      targetCurrency: 'USDC',
      fee: '0.00',
      withdrawalBank: null,
    });
    const events = await eventsOfTransaction(deps, deposit.id);
    expect(events.map((e) => [e.event_type, e.data.status])).toEqual([['deposit.created', 'COMPLETED']]);
    expect(
      await request('GET', `/customers/${payee.customerId}/transactions?status=DONE`, { key: payee.key }),
    ).toMatchObject({
      status: 400,
      body: {
        error: 'status: Must be one of: PROPOSED, PARTIALLY_SIGNED, PROCESSING, COMPLETED, FAILED, CANCELLED, EXPIRED',
      },
    });
  });
});
