import 'aws-sdk-client-mock-vitest/extend';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, withDatabaseDeadline } from '#shared/db/client.ts';
import { isTransientDatabaseError, WriteConflictError } from '#shared/db/errors.ts';
import {
  type GuardedItem,
  RESEND_ATTEMPTS,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { type Backoff, backoffOnATestClock } from '#test/support/db/backoff-clock.ts';

const TABLE = 'guarded-unit';
const ddb = mockClient(DynamoDBDocumentClient);
const db: Db = {
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:1' })),
  tableName: TABLE,
};

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const put = (pk: string) => ({
  Put: { TableName: TABLE, Item: { pk, sk: 'X' }, ConditionExpression: 'attribute_not_exists(pk)' },
});
const items: GuardedItem<'record' | 'unique' | 'event'>[] = [
  { role: 'record', item: put('RECORD') },
  { role: 'unique', item: put('UNIQUE') },
  { role: 'event', item: put('EVENT') },
];

beforeEach(() => {
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
});

describe('writeGuarded', () => {
  it('sends the items, in order, as one TransactWriteItems', async () => {
    await writeGuarded(db, items);

    expect(ddb).toHaveReceivedCommandExactlyOnceWith(TransactWriteCommand, {
      TransactItems: [put('RECORD'), put('UNIQUE'), put('EVENT')],
    });
  });

  it('names the role of the first guard that failed, never an item index', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));

    const failure = await writeGuarded(db, items).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(WriteConditionFailedError);
    expect((failure as WriteConditionFailedError).role).toBe('unique');
  });

  it('turns a loss to a concurrent transaction into a WriteConflictError, answered as a transient failure', async () => {
    const conflict = cancelled('None', 'TransactionConflict', 'None');
    ddb.on(TransactWriteCommand).rejects(conflict);

    const failure = await writeGuarded(db, items).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(WriteConflictError);
    expect((failure as WriteConflictError).cause).toBe(conflict);
    expect(isTransientDatabaseError(failure)).toBe(true);
  });

  it('lets a lost guard win over a conflict in the same cancellation', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'ConditionalCheckFailed', 'None'));

    await expect(writeGuarded(db, items)).rejects.toBeInstanceOf(WriteConditionFailedError);
  });
});

describe('retryOnConflict around a write whose guards decide', () => {
  let backoff: Backoff;
  beforeEach(() => {
    backoff = backoffOnATestClock();
  });
  afterEach(() => backoff.restore());

  it('sends the same transaction again after a conflict, and its guards then decide', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict', 'None'))
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None'));

    const failure = await retryOnConflict(() => writeGuarded(db, items), RESEND_ATTEMPTS).catch((e: unknown) => e);

    expect((failure as WriteConditionFailedError).role).toBe('unique');
    const sent = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('gives up after RESEND_ATTEMPTS conflicts with the SDK error itself', async () => {
    const conflict = cancelled('None', 'TransactionConflict', 'None');
    ddb.on(TransactWriteCommand).rejects(conflict);

    const failure = await retryOnConflict(() => writeGuarded(db, items), RESEND_ATTEMPTS).catch((e: unknown) => e);

    expect(failure).toBe(conflict);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, RESEND_ATTEMPTS);
    expect(backoff.pauses).toHaveLength(RESEND_ATTEMPTS - 1);
  });

  it('keeps sending past RESEND_ATTEMPTS while the request deadline allows, until the guards decide', async () => {
    const conflict = cancelled('None', 'TransactionConflict', 'None');
    const mock = ddb.on(TransactWriteCommand);
    for (let n = 0; n < RESEND_ATTEMPTS + 2; n++) mock.rejectsOnce(conflict);
    mock.rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None'));

    const failure = await withDatabaseDeadline(Date.now() + 60_000, () =>
      retryOnConflict(() => writeGuarded(db, items), RESEND_ATTEMPTS).catch((e: unknown) => e),
    );

    expect((failure as WriteConditionFailedError).role).toBe('unique');
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, RESEND_ATTEMPTS + 3);
  });

  it('stops waiting for another attempt when the pause would pass the request deadline', async () => {
    const conflict = cancelled('None', 'TransactionConflict', 'None');
    ddb.on(TransactWriteCommand).rejects(conflict);

    const failure = await withDatabaseDeadline(Date.now() - 1, () =>
      retryOnConflict(() => writeGuarded(db, items)).catch((e: unknown) => e),
    );

    expect(failure).toBe(conflict);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });

  it('does not send again what failed for another reason', async () => {
    const throttled = cancelled('ThrottlingError', 'None', 'None');
    ddb.on(TransactWriteCommand).rejects(throttled);

    await expect(retryOnConflict(() => writeGuarded(db, items), RESEND_ATTEMPTS)).rejects.toBe(throttled);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});
