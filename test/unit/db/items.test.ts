import 'aws-sdk-client-mock-vitest/extend';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#shared/db/client.ts';
import { readItem, readItems } from '#shared/db/items.ts';
import * as z from '#shared/validation/zod.ts';

const TABLE = 'items-unit';
const ddb = mockClient(DynamoDBDocumentClient);
const db: Db = {
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1', endpoint: 'http://127.0.0.1:1' })),
  tableName: TABLE,
};

const ThingSchema = z.object({ name: z.string(), size: z.number() });
const parseThing = (item: Record<string, unknown>) => ThingSchema.parse(item);
const thingKey = (name: string) => ({ pk: `THING#${name}`, sk: 'THING' });
const thingItem = (name: string, size: number) => ({ ...thingKey(name), entity: 'THING', name, size });

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] } });
});

describe('readItem', () => {
  it('reads one item with a strongly consistent GetItem and returns it parsed', async () => {
    ddb.on(GetCommand, { Key: thingKey('box') }).resolves({ Item: thingItem('box', 3) });

    const thing = await readItem(db, thingKey('box'), parseThing);

    expect(thing).toEqual({ name: 'box', size: 3 });
    expect(ddb).toHaveReceivedCommandExactlyOnceWith(GetCommand, {
      TableName: TABLE,
      Key: thingKey('box'),
      ConsistentRead: true,
    });
  });

  it('returns undefined for a missing item, without calling the parser', async () => {
    const thing = await readItem(db, thingKey('nothing'), () => {
      throw new Error('parsed a missing item');
    });

    expect(thing).toBeUndefined();
  });

  it('reads eventually consistent only when told so', async () => {
    await readItem(db, thingKey('box'), parseThing, { consistent: false });

    expect(ddb).toHaveReceivedCommandWith(GetCommand, { ConsistentRead: false });
  });

  it("fails loudly on an item that does not match the area's schema", async () => {
    ddb.on(GetCommand, { Key: thingKey('box') }).resolves({ Item: { ...thingKey('box'), name: 'box' } });

    await expect(readItem(db, thingKey('box'), parseThing)).rejects.toThrow(z.core.$ZodError);
  });
});

describe('readItems', () => {
  it('reads every key in one consistent BatchGetItem, in the order asked, each parsed by its own request', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [thingItem('b', 2), thingItem('a', 1)] } });

    const read = await readItems(db, {
      first: { key: thingKey('a'), parse: parseThing },
      second: { key: thingKey('b'), parse: (item) => `size ${String(item.size)}` },
      missing: { key: thingKey('c'), parse: parseThing },
    });

    expect(read).toEqual({ first: { name: 'a', size: 1 }, second: 'size 2', missing: undefined });
    expect(ddb.calls()).toHaveLength(1);
    expect(ddb).toHaveReceivedCommandWith(BatchGetCommand, {
      RequestItems: { [TABLE]: { Keys: [thingKey('a'), thingKey('b'), thingKey('c')], ConsistentRead: true } },
    });
  });

  it('asks again for the keys DynamoDB left unprocessed, and only for those', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [thingItem('a', 1)] },
        UnprocessedKeys: { [TABLE]: { Keys: [thingKey('b')] } },
      })
      .resolvesOnce({ Responses: { [TABLE]: [thingItem('b', 2)] } });

    const read = await readItems(db, {
      a: { key: thingKey('a'), parse: parseThing },
      b: { key: thingKey('b'), parse: parseThing },
    });

    expect(read).toEqual({ a: { name: 'a', size: 1 }, b: { name: 'b', size: 2 } });
    const calls = ddb.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.args[0].input.RequestItems?.[TABLE]?.Keys).toEqual([thingKey('b')]);
  });
});
