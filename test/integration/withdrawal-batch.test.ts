import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { withDatabaseDeadline } from '#shared/db/client.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import type { EventEnvelope } from '#shared/events/contracts.ts';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { createWithdrawalBatch, MAX_CHUNK_ATTEMPTS } from '#shared/withdrawals/create-withdrawal-batch.ts';
import type { BatchWithdrawalInput } from '#shared/withdrawals/schemas.ts';
import {
  BATCH_KEY_REUSED,
  FAILED_TO_EXECUTE,
  OUTCOME_UNKNOWN,
  REPEATED_CUSTOMER,
} from '#shared/withdrawals/withdrawal-rules.ts';
import { backoffOnATestClock } from '#test/support/db/backoff-clock.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { endToEndIdsOf, everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

const SETUP_PARALLEL = 10;

/** `count` KYC-approved customers of one organization, each with an ACTIVE bank and `balance` USDC. */
async function givenCustomers(count: number, balance = '100', allowanceLimit?: string) {
  const { organization: created } = await givenOrganization(deps);
  const { organizationId } = created;
  const organization = allowanceLimit
    ? await updateOrganization(deps.db, organizationId, { allowanceLimit }, new Date())
    : created;
  const payees: { customerId: string; withdrawalBankId: string }[] = [];
  // A few at a time: hundreds of connections at once outrun DynamoDB Local's accept queue.
  for (let start = 0; start < count; start += SETUP_PARALLEL) {
    const some = Array.from({ length: Math.min(SETUP_PARALLEL, count - start) }, (_, j) => start + j);
    payees.push(
      ...(await Promise.all(
        some.map(async (i) => {
          const { customerId } = await createCustomer(deps, {
            organizationId,
            name: `Payee ${i}`,
            accountType: 'individual',
            email: `payee${i}@example.com`,
          });
          await approveKyc(deps, { organizationId, customerId, verifiedName: `Payee ${i}` });
          const withdrawalBankId = await givenBank(deps, organizationId, customerId, { beneficiaryName: `Payee ${i}` });
          await creditBalance(deps, { organizationId, customerId, amount: balance });
          return { customerId, withdrawalBankId };
        }),
      )),
    );
  }
  return { organization, payees };
}

const items = (payees: { customerId: string; withdrawalBankId: string }[], amount = '10', prefix = 'item') =>
  payees.map(
    (payee, i): BatchWithdrawalInput => ({ ...payee, idempotencyKey: `${prefix}-${i}`, sourceAmount: amount }),
  );

/**
 * `deps` whose TransactWriteItems fail with what `fail` answers for the `sent`-th of them (from 1), or go through
 * when it answers nothing; every other call goes through.
 */
function failingWrites(fail: (sent: number) => unknown) {
  let sent = 0;
  const send = deps.db.client.send.bind(deps.db.client) as (...args: unknown[]) => Promise<unknown>;
  const client = Object.assign(Object.create(deps.db.client), {
    send: (command: { constructor: { name: string } }, ...rest: unknown[]) => {
      const failure = command.constructor.name === 'TransactWriteCommand' ? fail(++sent) : undefined;
      return failure === undefined ? send(command, ...rest) : Promise.reject(failure);
    },
  });
  return { deps: { ...deps, db: { ...deps.db, client } } as Deps, sent: () => sent };
}

async function batchEvents(organizationId: string): Promise<EventEnvelope[]> {
  const events: EventEnvelope[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.client.send(
      new ScanCommand({
        TableName: deps.db.tableName,
        FilterExpression: 'entity = :e AND envelope.event_type = :t AND envelope.org_id = :o',
        ExpressionAttributeValues: { ':e': 'EVENT', ':t': 'withdrawal_batch.created', ':o': organizationId },
        ExclusiveStartKey: start,
      }),
    );
    events.push(...(page.Items ?? []).map((item) => item.envelope as EventEnvelope));
    start = page.LastEvaluatedKey;
  } while (start);
  return events;
}

describe('withdrawal batches', () => {
  it('200 payouts to 200 customers in one request: 200 results, each payout in the bank file once', async () => {
    const { organization, payees } = await givenCustomers(200);
    const withdrawals = items(payees);

    const { response, replayed } = await createWithdrawalBatch(deps, {
      organization,
      idempotencyKey: 'payroll-200',
      withdrawals,
    });

    expect(replayed).toBe(false);
    expect(response.proposed).toBe(false);
    expect(response.results).toHaveLength(200);
    expect(response.results.map((result) => result.index)).toEqual(withdrawals.map((_, i) => i));
    expect(response.results.every((result) => result.status === 201)).toBe(true);
    expect(response.results.every((result) => result.transaction?.status === 'PROCESSING')).toBe(true);
    const usage = await getAllowanceUsage(deps.db, organization.organizationId);
    expect(usage?.spent).toBe(2_000_000_000n);
    expect((await getBalance(deps.db, organization.organizationId, payees[7]?.customerId ?? '')).available).toBe(
      90_000_000n,
    );

    const channel = freshChannel();
    await batchPayouts(deps, channel);
    const files = await everyOutbox(channel).list();
    const ids = (
      await Promise.all(files.map(async (name) => endToEndIdsOf((await everyOutbox(channel).read(name)) ?? '')))
    ).flat();
    const references = response.results.map((result) => result.transaction?.reference);
    expect(ids.sort()).toEqual(references.sort());

    const events = await batchEvents(organization.organizationId);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ batch_id: response.batchId, created: 200, failed: 0, proposed: false });

    // The same batch key answers the same results, writing nothing.
    const again = await createWithdrawalBatch(deps, { organization, idempotencyKey: 'payroll-200', withdrawals });
    expect(again.replayed).toBe(true);
    expect(again.response.batchId).toBe(response.batchId);
    expect(again.response.results.map((result) => result.transaction?.id)).toEqual(
      response.results.map((result) => result.transaction?.id),
    );
    expect((await getAllowanceUsage(deps.db, organization.organizationId))?.spent).toBe(2_000_000_000n);
    expect(await batchEvents(organization.organizationId)).toHaveLength(1);
    await expect(
      createWithdrawalBatch(deps, { organization, idempotencyKey: 'payroll-200', withdrawals: withdrawals.slice(1) }),
    ).rejects.toThrow(BATCH_KEY_REUSED.message);
  }, 300_000);

  it('a mix of good and bad items: each answered as a single create would be, the good ones made', async () => {
    const { organization, payees } = await givenCustomers(4, '50');
    const [a, b, c, d] = payees as [(typeof payees)[number], ...(typeof payees)[number][]];
    const withdrawals: BatchWithdrawalInput[] = [
      { ...a, idempotencyKey: 'mix-0', sourceAmount: '10' },
      { ...a, idempotencyKey: 'mix-1', sourceAmount: '10' }, // a second payout of one customer
      {
        ...(b as typeof a),
        withdrawalBankId: '00000000-0000-4000-8000-000000000000',
        idempotencyKey: 'mix-2',
        sourceAmount: '10',
      },
      { ...(c as typeof a), idempotencyKey: 'mix-3', sourceAmount: '80' }, // more than the balance: PROPOSED
      {
        customerId: '00000000-0000-4000-8000-000000000001',
        withdrawalBankId: (d as typeof a).withdrawalBankId,
        idempotencyKey: 'mix-4',
        sourceAmount: '10',
      },
      { ...(d as typeof a), idempotencyKey: 'mix-5', targetAmount: '9.20' },
    ];

    const { response } = await createWithdrawalBatch(deps, { organization, idempotencyKey: 'mix', withdrawals });

    expect(response.results.map(({ status, error, transaction }) => [status, error ?? transaction?.status])).toEqual([
      [201, 'PROCESSING'],
      [400, REPEATED_CUSTOMER],
      [404, 'Withdrawal bank not found'],
      [201, 'PROPOSED'],
      [404, 'Customer not found'],
      [201, 'PROCESSING'],
    ]);
    const events = await batchEvents(organization.organizationId);
    expect(events[0]?.data).toMatchObject({ created: 3, failed: 3 });
  }, 120_000);

  it('a chunk whose write had an unknown outcome is answered 503 per item; the same batch again finishes it', async () => {
    const { organization, payees } = await givenCustomers(3);
    const withdrawals = items(payees, '10', 'lost');
    // The first TransactWriteItems goes unanswered (its outcome unknown); the others go through.
    const dropping = failingWrites((sent) =>
      sent === 1 ? Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }) : undefined,
    ).deps;

    const first = await createWithdrawalBatch(dropping, { organization, idempotencyKey: 'lost', withdrawals });
    expect(first.response.results.map((result) => [result.status, result.error])).toEqual(
      withdrawals.map(() => [503, OUTCOME_UNKNOWN]),
    );
    expect(await batchEvents(organization.organizationId)).toHaveLength(0);

    const again = await createWithdrawalBatch(deps, { organization, idempotencyKey: 'lost', withdrawals });
    expect(again.replayed).toBe(false);
    expect(again.response.results.map((result) => result.transaction?.status)).toEqual([
      'PROCESSING',
      'PROCESSING',
      'PROCESSING',
    ]);
    expect(await batchEvents(organization.organizationId)).toHaveLength(1);
  }, 120_000);

  /** Every TransactWriteItems cancelled by a concurrent transaction, each after `takesMs` on the test clock. */
  const contended = (takesMs = 0) =>
    failingWrites(() => {
      vi.setSystemTime(Date.now() + takesMs);
      const reason = { Code: 'TransactionConflict' };
      return new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [reason] });
    });

  it('a chunk that keeps losing to concurrent transactions stops before the request deadline: each payout 503 "failed", nothing made', async () => {
    const { organization, payees } = await givenCustomers(3);
    const withdrawals = items(payees, '10', 'contended');
    // Each write takes a second to be cancelled, so the deadline, not the attempts, ends the tries.
    const table = contended(1_000);
    const backoff = backoffOnATestClock();
    try {
      const deadline = Date.now() + 4_500;
      const first = await withDatabaseDeadline(deadline, () =>
        createWithdrawalBatch(table.deps, { organization, idempotencyKey: 'contended', withdrawals }),
      );
      expect(first.response.results.map((result) => [result.status, result.error])).toEqual(
        withdrawals.map(() => [503, FAILED_TO_EXECUTE]),
      );
      expect(backoff.pauses.length).toBeGreaterThan(0);
      expect(table.sent()).toBeLessThan(MAX_CHUNK_ATTEMPTS);
      expect(table.sent()).toBe(backoff.pauses.length + 1);
      for (const pause of backoff.pauses) expect(pause.at + pause.ms).toBeLessThan(deadline);
    } finally {
      backoff.restore();
    }
    expect(await batchEvents(organization.organizationId)).toHaveLength(0);
    for (const { customerId } of payees) {
      expect((await getBalance(deps.db, organization.organizationId, customerId)).available).toBe(100_000_000n);
    }

    const again = await createWithdrawalBatch(deps, { organization, idempotencyKey: 'contended', withdrawals });
    expect(again.replayed).toBe(false);
    expect(again.response.results.map((result) => result.transaction?.status)).toEqual([
      'PROCESSING',
      'PROCESSING',
      'PROCESSING',
    ]);
  }, 120_000);

  it('without a request deadline (background work), a chunk stops after its attempts: each payout 503 "failed"', async () => {
    const { organization, payees } = await givenCustomers(2);
    const withdrawals = items(payees, '10', 'attempts');
    const table = contended();
    const backoff = backoffOnATestClock();
    try {
      const { response } = await createWithdrawalBatch(table.deps, { organization, idempotencyKey: 'a', withdrawals });
      expect(response.results.map((result) => [result.status, result.error])).toEqual(
        withdrawals.map(() => [503, FAILED_TO_EXECUTE]),
      );
      expect(table.sent()).toBe(MAX_CHUNK_ATTEMPTS);
    } finally {
      backoff.restore();
    }
  }, 120_000);

  it('a batch above the allowance is PROPOSED as a whole, nothing reserved', async () => {
    const { organization, payees } = await givenCustomers(3, '100', '25');

    const { response } = await createWithdrawalBatch(deps, {
      organization,
      idempotencyKey: 'over',
      withdrawals: items(payees, '10', 'over'),
    });

    expect(response.proposed).toBe(true);
    expect(response.results.map((result) => result.transaction?.status)).toEqual(['PROPOSED', 'PROPOSED', 'PROPOSED']);
    expect((await getAllowanceUsage(deps.db, organization.organizationId))?.spent ?? 0n).toBe(0n);
  }, 120_000);

  it('an allowance limit of 0 makes a funded batch PROPOSED as a whole, and says so in the answer and its event', async () => {
    const { organization, payees } = await givenCustomers(2, '100', '0');

    const { response } = await createWithdrawalBatch(deps, {
      organization,
      idempotencyKey: 'zero-limit',
      withdrawals: items(payees, '10', 'zero'),
    });

    expect(response.results.map((result) => result.transaction?.status)).toEqual(['PROPOSED', 'PROPOSED']);
    expect(response.proposed).toBe(true);
    const events = await batchEvents(organization.organizationId);
    expect(events.map((event) => event.data.proposed)).toEqual([true]);
  }, 120_000);

  it('one payout above the whole allowance makes the batch PROPOSED; one its balance does not cover does not', async () => {
    const over = await givenCustomers(1, '100', '50');
    const { response } = await createWithdrawalBatch(deps, {
      organization: over.organization,
      idempotencyKey: 'one-over',
      withdrawals: items(over.payees, '55', 'one-over'),
    });
    expect(response.results.map((result) => result.transaction?.status)).toEqual(['PROPOSED']);
    expect(response.proposed).toBe(true);

    // The allowance covers both amounts; the second payee's balance does not cover its own: that payout alone waits.
    const mixed = await givenCustomers(2, '100', '500');
    const [first, second] = items(mixed.payees, '10', 'mixed');
    const { response: answered } = await createWithdrawalBatch(deps, {
      organization: mixed.organization,
      idempotencyKey: 'mixed',
      withdrawals: [first as BatchWithdrawalInput, { ...(second as BatchWithdrawalInput), sourceAmount: '150' }],
    });
    expect(answered.results.map((result) => result.transaction?.status)).toEqual(['PROCESSING', 'PROPOSED']);
    expect(answered.proposed).toBe(false);
  }, 120_000);
});
