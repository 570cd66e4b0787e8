import { afterEach, describe, expect, it, vi } from 'vitest';
import { eachItem, ITEM_RESERVE_MS } from '#shared/console/approvals/batch-approval-rules.ts';
import { batchApprovalChallenge } from '#shared/console/common/passkeys.ts';
import type { BatchBinding } from '#shared/console/common/records.ts';
import { withDatabaseDeadline } from '#shared/db/client.ts';
import * as z from '#shared/validation/zod.ts';
import { batchIdOf } from '#shared/withdrawals/create-withdrawal-batch.ts';

const item = (transactionId: string, amount: string) => ({
  transactionId,
  customerId: `customer-${transactionId}`,
  amount,
  currency: 'EUR',
  beneficiary: 'Ada Lovelace',
  account: 'DE89370400440532013000',
});
const binding: BatchBinding = { batchId: 'batch-1', items: [item('a', '9.20'), item('b', '18.40')] };
const NONCE = 'nonce';

describe('a batch approval binds the batch and each payout', () => {
  it('gives another challenge for a payout left out, added, reordered or changed, another batch or nonce', () => {
    const signed = batchApprovalChallenge(binding, NONCE);
    const others = [
      { ...binding, items: binding.items.slice(1) },
      { ...binding, items: [...binding.items, item('c', '1.00')] },
      { ...binding, items: [...binding.items].reverse() },
      { ...binding, items: [item('a', '9.21'), item('b', '18.40')] },
      { ...binding, items: [{ ...item('a', '9.20'), account: 'DE02120300000000202051' }, item('b', '18.40')] },
      { ...binding, batchId: 'batch-2' },
    ];
    for (const other of others) expect(batchApprovalChallenge(other, NONCE)).not.toBe(signed);
    expect(batchApprovalChallenge(binding, 'other nonce')).not.toBe(signed);
    expect(batchApprovalChallenge(structuredClone(binding), NONCE)).toBe(signed);
  });
});

describe("a batch's id", () => {
  it('follows from the organization and the batch key: the same for a batch sent again, a UUID', () => {
    const id = batchIdOf('org-1', 'payroll-2026-11');
    expect(batchIdOf('org-1', 'payroll-2026-11')).toBe(id);
    expect(batchIdOf('org-2', 'payroll-2026-11')).not.toBe(id);
    expect(batchIdOf('org-1', 'payroll-2026-12')).not.toBe(id);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('deciding the payouts of a batch within the request', () => {
  afterEach(() => vi.restoreAllMocks());
  const items = Array.from({ length: 20 }, (_, i) => i);

  it('decides every payout, in order, when the deadline is far', async () => {
    const results = await withDatabaseDeadline(Date.now() + 60_000, () =>
      eachItem(
        items,
        async (i) => `done ${i}`,
        (i) => `left ${i}`,
      ),
    );
    expect(results).toEqual(items.map((i) => `done ${i}`));
  });

  it('starts no payout once the deadline is within the reserve, and says so for each left', async () => {
    const start = Date.now();
    const deadline = start + ITEM_RESERVE_MS + 5_000;
    let now = start;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const results = await withDatabaseDeadline(deadline, () =>
      eachItem(
        items,
        async (i) => {
          // The first payout takes the request to within the reserve of its deadline.
          now = deadline - ITEM_RESERVE_MS + 1;
          return `done ${i}`;
        },
        (i) => `left ${i}`,
      ),
    );
    expect(results).toEqual(['done 0', ...items.slice(1).map((i) => `left ${i}`)]);
  });
});
