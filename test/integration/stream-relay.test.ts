import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startStreamRelay } from '#infra/local/stream-relay.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { customerCreated } from '#test/support/webhooks/sender.ts';

const deps = integrationDeps();
const dir = mkdtempSync(join(tmpdir(), 'payouts-relay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ORG = '5f0e4c1e-9a7b-4d3c-8e2f-1a0b9c8d7e6f';

const put = (item: Record<string, unknown>) =>
  deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: item }));
const pkOf = (record: DynamoDBRecord) => record.dynamodb?.NewImage?.pk?.S ?? '';

/**
 * Runs the local stream relay over the run's table (every test file's items pass by) until `done`, then stops it.
 * The handler answers success unless `handle` says otherwise.
 */
async function relayUntil(
  checkpointPath: string,
  done: (seen: DynamoDBRecord[]) => boolean,
  handle: (event: DynamoDBStreamEvent) => DynamoDBBatchResponse | undefined = () => undefined,
) {
  const seen: DynamoDBRecord[] = [];
  const relay = await startStreamRelay({
    dynamodbEndpoint: inject('dynamodbEndpoint'),
    tableName: inject('tableName'),
    checkpointPath,
    pollMs: 50,
    handler: async (event) => {
      seen.push(...event.Records);
      return handle(event) ?? { batchItemFailures: [] };
    },
  });
  const deadline = Date.now() + 20_000;
  while (!done(seen) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await relay.stop();
  return seen;
}

describe('local stream relay on DynamoDB Local', () => {
  it('hands over new outbox items only, and after a restart resumes after the last checkpoint', async () => {
    const checkpointPath = join(dir, 'checkpoint.json');
    const first = customerCreated(ORG, new Date());
    const second = customerCreated(ORG, new Date());
    await put(first);
    // An update of an outbox item is no new event.
    await deps.db.client.send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: { pk: first.pk, sk: first.sk },
        UpdateExpression: 'SET dispatchedAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );

    const before = await relayUntil(checkpointPath, (seen) => seen.some((r) => pkOf(r) === first.pk));
    await put(second);
    const after = await relayUntil(checkpointPath, (seen) => seen.some((r) => pkOf(r) === second.pk));

    expect(before.filter((r) => pkOf(r) === first.pk)).toHaveLength(1);
    expect(after.map(pkOf)).toContain(second.pk);
    expect(after.map(pkOf)).not.toContain(first.pk);
    expect(JSON.parse(readFileSync(checkpointPath, 'utf8'))).toMatchObject({ streamArn: expect.any(String) });
  });

  it('hands over an empty map as DynamoDB streams it ({"M": {}}), which DynamoDB Local does not', async () => {
    const test = eventRecord({ organizationId: ORG, type: 'webhook.test', data: {}, now: new Date() });
    await put(test);

    const seen = await relayUntil(join(dir, 'empty-map.json'), (records) => records.some((r) => pkOf(r) === test.pk));

    expect(seen.find((r) => pkOf(r) === test.pk)?.dynamodb?.NewImage?.envelope?.M?.data).toEqual({ M: {} });
  });

  it('reads a batch again from the record the handler reported as failed', async () => {
    const event = customerCreated(ORG, new Date());
    await put(event);
    let failOnce = true;

    const seen = await relayUntil(
      join(dir, 'retry.json'),
      (records) => records.filter((r) => pkOf(r) === event.pk).length >= 2,
      ({ Records }) => {
        const mine = Records.find((r) => pkOf(r) === event.pk);
        if (!mine || !failOnce) return undefined;
        failOnce = false;
        return { batchItemFailures: [{ itemIdentifier: mine.dynamodb?.SequenceNumber ?? '' }] };
      },
    );

    expect(seen.filter((r) => pkOf(r) === event.pk)).toHaveLength(2);
  });
});
