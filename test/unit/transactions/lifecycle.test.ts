import { describe, expect, it } from 'vitest';
import { TRANSITIONS } from '#shared/transactions/lifecycle.ts';

const rowsOf = (table: Record<string, { from: readonly string[]; to: string; event?: string }>) =>
  Object.fromEntries(
    Object.entries(table).map(([trigger, { from, to, event }]) => [trigger, `${from.join('|')} -> ${to}: ${event}`]),
  );

describe('the withdrawal lifecycle', () => {
  it('declares for every trigger the statuses it leaves, the one it enters and its event, as every status table', () => {
    expect(rowsOf(TRANSITIONS)).toEqual({
      executionFailed: 'PROCESSING -> PROPOSED: withdrawal.status_changed',
      sign: 'PROPOSED|PARTIALLY_SIGNED -> PARTIALLY_SIGNED: withdrawal.status_changed',
      approve: 'PROPOSED|PARTIALLY_SIGNED -> PROCESSING: withdrawal.status_changed',
      reject: 'PROPOSED|PARTIALLY_SIGNED -> CANCELLED: withdrawal.status_changed',
      cancel: 'PROPOSED|PARTIALLY_SIGNED -> CANCELLED: withdrawal.status_changed',
      expire: 'PROPOSED|PARTIALLY_SIGNED -> EXPIRED: withdrawal.status_changed',
      complete: 'PROCESSING -> COMPLETED: withdrawal.status_changed',
      fail: 'PROCESSING -> FAILED: withdrawal.status_changed',
      return: 'COMPLETED -> FAILED: withdrawal.status_changed',
    });
  });
});
