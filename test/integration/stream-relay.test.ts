import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startStreamRelay } from '#infra/local/stream-relay.ts';
import { integrationDeps } from '#test/integration/support/deps.ts';
import { customerCreated } from '#test/integration/support/webhooks.ts';

const deps = integrationDeps();
const dir = mkdtempSync(join(tmpdir(), 'payouts-relay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ORG = '5f0e4c1e-9a7b-4d3c-8e2f-1a0b9c8d7e6f';

/** Runs the local stream relay until `until` holds for what it handed over, then stops it. */
async function relayUntil(checkpointPath: string, until: (seen: string[]) => boolean) {
  const seen: string[] = [];
  const relay = await startStreamRelay({
    dynamodbEndpoint: inject('dynamodbEndpoint'),
    tableName: inject('tableName'),
    checkpointPath,
    pollMs: 50,
    handler: async (event) => {
      seen.push(...event.Records.map((r: DynamoDBRecord) => r.dynamodb?.NewImage?.pk?.S ?? ''));
      return { batchItemFailures: [] };
    },
  });
  const deadline = Date.now() + 20_000;
  while (!until(seen) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await relay.stop();
  return seen;
}

describe('local stream relay on DynamoDB Local', () => {
  it('hands over new outbox items only, and after a restart resumes after the last checkpoint', async () => {
    const checkpointPath = join(dir, 'checkpoint.json');
    const first = customerCreated(ORG, new Date());
    const second = customerCreated(ORG, new Date());
    await deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: first }));
    // An update of an outbox item is no new event.
    await deps.db.client.send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: { pk: first.pk, sk: first.sk },
        UpdateExpression: 'SET dispatchedAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );

    const before = await relayUntil(checkpointPath, (seen) => seen.includes(first.pk));
    await deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: second }));
    const after = await relayUntil(checkpointPath, (seen) => seen.includes(second.pk));

    expect(before.filter((pk) => pk === first.pk)).toHaveLength(1);
    expect(after).toContain(second.pk);
    expect(after).not.toContain(first.pk);
    expect(JSON.parse(readFileSync(checkpointPath, 'utf8'))).toMatchObject({ streamArn: expect.any(String) });
  });

  it('reads a batch again from the record the handler reported as failed', async () => {
    const checkpointPath = join(dir, 'retry-checkpoint.json');
    const event = customerCreated(ORG, new Date());
    await deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: event }));
    let failOnce = true;
    const seen: string[] = [];
    const relay = await startStreamRelay({
      dynamodbEndpoint: inject('dynamodbEndpoint'),
      tableName: inject('tableName'),
      checkpointPath,
      pollMs: 50,
      handler: async ({ Records }) => {
        const mine = Records.find((r) => r.dynamodb?.NewImage?.pk?.S === event.pk);
        if (mine) seen.push(event.pk);
        if (mine && failOnce) {
          failOnce = false;
          return { batchItemFailures: [{ itemIdentifier: mine.dynamodb?.SequenceNumber ?? '' }] };
        }
        return { batchItemFailures: [] };
      },
    });
    const deadline = Date.now() + 20_000;
    while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await relay.stop();

    expect(seen).toEqual([event.pk, event.pk]);
  });
});
