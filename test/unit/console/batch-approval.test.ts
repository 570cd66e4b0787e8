import { describe, expect, it } from 'vitest';
import { batchApprovalChallenge } from '#shared/console/passkeys.ts';
import type { BatchBinding } from '#shared/console/records.ts';
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
