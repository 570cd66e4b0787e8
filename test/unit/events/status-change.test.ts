import 'aws-sdk-client-mock-vitest/extend';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#shared/db/client.ts';
import { WriteConflictError } from '#shared/db/errors.ts';
import { WriteConditionFailedError } from '#shared/db/guarded-write.ts';
import { eventPut, eventRecord } from '#shared/events/outbox.ts';
import { statusUpdate, writeStatusChange } from '#shared/events/status-change.ts';

const TABLE = 'status-change-unit';
const ddb = mockClient(DynamoDBDocumentClient);
const db: Db = {
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:1' })),
  tableName: TABLE,
};
const NOW = new Date('2026-03-01T12:00:00.000Z');
const KEY = { pk: 'ORG#o#CUSTOMER#c', sk: 'CUSTOMER' };

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const check = (pk: string) => ({
  ConditionCheck: { TableName: TABLE, Key: { pk, sk: 'X' }, ConditionExpression: 'x' },
});
const event = eventRecord({ organizationId: 'o', type: 'customer.kyc.rejected', data: { customer_id: 'c' }, now: NOW });
class Refused extends Error {}

beforeEach(() => {
  ddb.reset();
  ddb.on(TransactWriteCommand).resolves({});
});

describe('statusUpdate', () => {
  it('sets the status, the fields and updatedAt only from a status the transition may leave', () => {
    const update = statusUpdate(db, {
      key: KEY,
      attribute: 'kycStatus',
      transition: { from: ['NOT_STARTED', 'PENDING'], to: 'REJECTED' },
      set: { name: 'Ada', kycInReview: false },
      now: NOW,
    });

    expect(update).toEqual({
      Update: {
        TableName: TABLE,
        Key: KEY,
        UpdateExpression: 'SET #kycStatus = :to, #name = :name, #kycInReview = :kycInReview, updatedAt = :now',
        ConditionExpression: '#kycStatus IN (:from0, :from1)',
        ExpressionAttributeNames: { '#kycStatus': 'kycStatus', '#name': 'name', '#kycInReview': 'kycInReview' },
        ExpressionAttributeValues: {
          ':to': 'REJECTED',
          ':from0': 'NOT_STARTED',
          ':from1': 'PENDING',
          ':name': 'Ada',
          ':kycInReview': false,
          ':now': NOW.toISOString(),
        },
      },
    });
  });

  it('counts the change, and with the version read also requires it', () => {
    const bumped = statusUpdate(db, {
      key: KEY,
      attribute: 'status',
      transition: { from: ['PENDING'], to: 'ACTIVE' },
      now: NOW,
      version: 'bump',
    }).Update;
    const seen = statusUpdate(db, {
      key: KEY,
      attribute: 'status',
      transition: { from: ['PENDING'], to: 'ACTIVE' },
      now: NOW,
      version: { seen: 4 },
    }).Update;

    expect(bumped?.UpdateExpression).toBe('SET #status = :to, updatedAt = :now, version = version + :one');
    expect(bumped?.ConditionExpression).toBe('#status IN (:from0)');
    expect(seen?.UpdateExpression).toBe(bumped?.UpdateExpression);
    expect(seen?.ConditionExpression).toBe('#status IN (:from0) AND version = :seen');
    expect(seen?.ExpressionAttributeValues).toMatchObject({ ':one': 1, ':seen': 4 });
  });
});

describe('writeStatusChange', () => {
  it('writes the subject, the items that change with it and the event in one transaction, in that order', async () => {
    await writeStatusChange(db, {
      subject: check('SUBJECT'),
      alongside: [{ role: 'wallet', item: check('WALLET') }],
      event,
      refused: () => new Refused(),
    });

    expect(ddb).toHaveReceivedCommandExactlyOnceWith(TransactWriteCommand, {
      TransactItems: [check('SUBJECT'), check('WALLET'), eventPut(db, event)],
    });
  });

  it('answers a failed guard with the refusal of its role', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    const roles: string[] = [];

    const failure = await writeStatusChange(db, {
      subject: check('SUBJECT'),
      alongside: [{ role: 'wallet', item: check('WALLET') }],
      event,
      refused: (role) => {
        roles.push(role);
        return new Refused();
      },
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(Refused);
    expect(roles).toEqual(['wallet']);
  });

  it('leaves a failed guard without a refusal to the caller, who decides again', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));

    const failure = await writeStatusChange(db, { subject: check('SUBJECT'), refused: () => undefined }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(WriteConditionFailedError);
    expect((failure as WriteConditionFailedError).role).toBe('subject');
  });

  it('sends a write that lost only to a concurrent transaction again when asked to, and once otherwise', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});

    await writeStatusChange(db, { subject: check('SUBJECT'), refused: () => undefined, resend: 3 });
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 2);

    ddb.reset();
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
    const failure = await writeStatusChange(db, { subject: check('SUBJECT'), refused: () => undefined }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(WriteConflictError);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});
