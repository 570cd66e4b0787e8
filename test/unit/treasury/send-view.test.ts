import { describe, expect, it } from 'vitest';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';
import { toSendView } from '#shared/treasury/schemas.ts';

const send = (overrides: Partial<TreasurySendRecord>): TreasurySendRecord => ({
  sendId: 'send-1',
  organizationId: 'org-1',
  purpose: 'ONRAMP_DEPOSIT',
  customerId: 'customer-1',
  transactionId: 'send-1',
  chain: 'base',
  treasury: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  destination: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  amountMicro: 25_000_000n,
  status: 'WAITING',
  waitingReason: null,
  waitingDetail: null,
  relayer: null,
  attempts: [],
  txHash: null,
  blockNumber: null,
  travelRule: null,
  requestedBy: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  minedAt: null,
  version: 0,
  treasuryCheck: null,
  ...overrides,
});

describe("a treasury send's view", () => {
  const mined = send({
    status: 'MINED',
    txHash: `0x${'ab'.repeat(32)}`,
    blockNumber: '100',
    minedAt: '2026-11-21T10:00:04.000Z',
  });

  it("counts a mined send's confirmations as the treasury README defines them: head - block + 1", () => {
    expect(toSendView(mined, '25.00', 100n).confirmations).toBe(1);
    expect(toSendView(mined, '25.00', 111n).confirmations).toBe(12);
  });

  it('has none before it is mined, nor when the head was not read (or is behind the block)', () => {
    expect(toSendView(send({}), '25.00', 111n).confirmations).toBeNull();
    expect(toSendView(send({ status: 'SENT' }), '25.00', 111n).confirmations).toBeNull();
    expect(toSendView(mined, '25.00').confirmations).toBeNull();
    expect(toSendView(mined, '25.00', 99n).confirmations).toBeNull();
  });
});
