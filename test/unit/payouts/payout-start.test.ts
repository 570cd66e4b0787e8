import { describe, expect, it } from 'vitest';
import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import * as payoutStart from '#shared/payouts/payout-start.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { organizationItem } from '#test/support/organizations/organization-items.ts';

/**
 * One seam for how a payout leaves: the bank channel (the batcher's file in the organization's outbox prefix). A
 * live payout has no other start to go through: nothing is read, nothing is written, it stays PROCESSING.
 */
const untouchable = {
  client: {
    send: () => {
      throw new Error('the start of a live payout reads or writes nothing');
    },
  },
  tableName: 'never',
} as unknown as Db;
const deps = { db: untouchable, clock: systemClock, config: parseConfig({}) };
const processing = { transactionId: 'tx-1', status: 'PROCESSING' } as TransactionRecord;

describe('how a payout starts', () => {
  it('leaves a live payout PROCESSING for the batcher, consulting nothing, whatever the caller says is armed', async () => {
    const live = organizationItem({ environment: 'live' });

    await expect(payoutStart.startPayout(deps, live, processing)).resolves.toBe(processing);
    await expect(payoutStart.startPayout(deps, live, processing, 3)).resolves.toBe(processing);
  });

  it('offers no executor port beside the bank channel', () => {
    expect(Object.keys(payoutStart).sort()).toEqual(['SANDBOX_FAULT_REASON', 'settleDueAt', 'startPayout']);
  });
});
