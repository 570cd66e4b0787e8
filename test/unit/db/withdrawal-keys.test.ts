import { describe, expect, it } from 'vitest';
import { keys, TIMER_SHARDS, timerShard } from '#shared/db/keys.ts';

const ORG = '0b5c9a7e-3f2d-4c1a-9b8e-7d6f5e4c3b2a';
const CUSTOMER = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const TX = 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff';
const AT = '2026-11-21T10:00:00.000Z';

describe('withdrawal keys', () => {
  it("keeps a customer's transactions and balance in the customer's partition", () => {
    expect(keys.transaction(ORG, CUSTOMER, TX)).toEqual({ pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}`, sk: `TX#${TX}` });
    expect(keys.customerBalance(ORG, CUSTOMER)).toEqual({ pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}`, sk: 'BALANCE' });
  });

  it("lists a customer's transactions newest first under one gsi1 partition", () => {
    const entry = keys.transactionListEntry(ORG, CUSTOMER, AT, TX);

    expect(entry).toEqual({ gsi1pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}#TXS`, gsi1sk: `${AT}#${TX}` });
    expect(keys.transactionsOfCustomer(ORG, CUSTOMER)).toEqual({ gsi1pk: entry.gsi1pk });
  });

  it('scopes the transaction pointer and idempotency records to the organization', () => {
    expect(keys.transactionPointer(ORG, TX)).toEqual({ pk: `ORG#${ORG}#TX#${TX}`, sk: 'TXPOINTER' });
    expect(keys.idempotencyRecord(ORG, 'order:42')).toEqual({
      pk: `ORG#${ORG}#IDEMPOTENCY#order:42`,
      sk: 'IDEMPOTENCY',
    });
    expect(keys.allowance(ORG)).toEqual({ pk: `ORG#${ORG}`, sk: 'ALLOWANCE' });
    expect(keys.sandboxSettings(ORG)).toEqual({ pk: `ORG#${ORG}`, sk: 'SANDBOX' });
  });

  it('finds a transaction by id alone only through the operator lookup, and references globally', () => {
    expect(keys.transactionPointerLookup(TX)).toEqual({ gsi1pk: `TXPOINTER#${TX}`, gsi1sk: 'TXPOINTER' });
    expect(keys.transactionReference('WD-7K3M-9QX2')).toEqual({ pk: 'TXREFERENCE#WD-7K3M-9QX2', sk: 'TXREFERENCE' });
  });

  it('files timers by kind and shard, ordered by due time, so a sweep queries what is due', () => {
    const timer = keys.withdrawalTimer('EXPIRE', TX, AT);

    expect(timer).toEqual({ gsi2pk: `TIMER#EXPIRE#${timerShard(TX)}`, gsi2sk: `${AT}#${TX}` });
    expect(keys.timersDue('EXPIRE', timerShard(TX))).toEqual({ gsi2pk: timer.gsi2pk });
    expect(keys.withdrawalTimer('BATCH', TX, AT).gsi2pk).toBe(`TIMER#BATCH#${timerShard(TX)}`);
  });

  it('spreads transaction ids over every shard', () => {
    const shards = new Set('0123456789abcdef'.split('').map((first) => timerShard(`${first}${TX.slice(1)}`)));

    expect([...shards].sort()).toEqual(Array.from({ length: TIMER_SHARDS }, (_, i) => i));
  });
});
