import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  CONFLICT_WINDOW_MS,
  faultMiddleware,
  parseFaults,
  transactionItemKeys,
} from '#test/support/db/dynamodb-faults.ts';

/** The integration suite's fault layer behaves as DynamoDB does, so its runs mean what they claim. */
const key = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });
const transaction = (...items: object[]) => ({ input: { TransactItems: items } });
const update = (pk: string, sk: string) => ({ Update: { TableName: 't', Key: key(pk, sk) } });
const put = (pk: string, sk: string) => ({ Put: { TableName: 't', Item: { ...key(pk, sk), other: { S: 'x' } } } });
const TRANSACT = { commandName: 'TransactWriteItemsCommand' };

/** A next handler that stays in flight until released. */
function held() {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { next: async () => done.then(() => ({ output: {} })), release };
}

describe('the DynamoDB fault layer (test/support/db/dynamodb-faults.ts)', () => {
  it('cancels a transaction that touches an item a transaction in flight writes, naming that item', async () => {
    const layer = faultMiddleware({ conflicts: true, throttleRate: 0, conflictWindowMs: 60_000 });
    const first = held();
    const inFlight = layer(first.next, TRANSACT)(transaction(update('A', 'BALANCE'), put('T1', 'TX')));

    const conflicting = layer(
      async () => ({ output: {} }),
      TRANSACT,
    )(transaction(put('T2', 'TX'), update('A', 'BALANCE')));
    await expect(conflicting).rejects.toBeInstanceOf(TransactionCanceledException);
    await conflicting.catch((error: TransactionCanceledException) => {
      expect(error.CancellationReasons?.map((reason) => reason.Code)).toEqual(['None', 'TransactionConflict']);
    });
    // Other items pass meanwhile; once the first is done, its items are free again.
    await expect(layer(async () => ({ output: {} }), TRANSACT)(transaction(update('B', 'BALANCE')))).resolves.toEqual({
      output: {},
    });
    first.release();
    await inFlight;
    await expect(layer(async () => ({ output: {} }), TRANSACT)(transaction(update('A', 'BALANCE')))).resolves.toEqual({
      output: {},
    });
  });

  it('frees the items after the conflict window though the answer has not come (DynamoDB Local queueing)', async () => {
    const layer = faultMiddleware({ conflicts: true, throttleRate: 0, conflictWindowMs: 20 });
    const first = held();
    const inFlight = layer(first.next, TRANSACT)(transaction(update('A', 'BALANCE')));
    const at = () => layer(async () => ({ output: {} }), TRANSACT)(transaction(update('A', 'BALANCE')));

    await expect(at()).rejects.toBeInstanceOf(TransactionCanceledException);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await expect(at()).resolves.toEqual({ output: {} });
    first.release();
    await inFlight;
  });

  it('leaves single-item calls and a layer without conflicts alone', async () => {
    const first = held();
    const layer = faultMiddleware({ conflicts: false, throttleRate: 0, conflictWindowMs: 60_000 });
    const inFlight = layer(first.next, TRANSACT)(transaction(update('A', 'BALANCE')));
    await expect(layer(async () => ({ output: {} }), TRANSACT)(transaction(update('A', 'BALANCE')))).resolves.toEqual({
      output: {},
    });
    first.release();
    await inFlight;
  });

  it('throttles at the configured rate', async () => {
    const always = faultMiddleware({ conflicts: false, throttleRate: 1, conflictWindowMs: 60_000 });
    await expect(
      always(async () => ({ output: {} }), { commandName: 'GetItemCommand' })({ input: {} }),
    ).rejects.toBeInstanceOf(ProvisionedThroughputExceededException);
    const never = faultMiddleware({ conflicts: false, throttleRate: 0, conflictWindowMs: 60_000 });
    await expect(
      never(async () => ({ output: {} }), { commandName: 'GetItemCommand' })({ input: {} }),
    ).resolves.toEqual({
      output: {},
    });
  });

  it('reads its switch from DYNAMODB_FAULTS, refusing what it does not know', () => {
    expect(parseFaults(undefined)).toBeUndefined();
    expect(parseFaults('conflicts,throttle=0.01')).toEqual({
      conflicts: true,
      throttleRate: 0.01,
      conflictWindowMs: CONFLICT_WINDOW_MS,
    });
    expect(parseFaults('conflicts=250')).toEqual({ conflicts: true, throttleRate: 0, conflictWindowMs: 250 });
    expect(() => parseFaults('conflicts=0')).toThrow(/unknown part/);
    expect(() => parseFaults('conflict')).toThrow(/unknown part/);
    expect(() => parseFaults('throttle=2')).toThrow(/unknown part/);
    expect(transactionItemKeys([put('P', 'S'), update('P', 'S')])).toEqual(['t\u0000P\u0000S', 't\u0000P\u0000S']);
  });
});
