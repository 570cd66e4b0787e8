import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type AttributeValue,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { isRelayedStreamRecord } from '#shared/events/routing.ts';
import * as z from '#shared/validation/zod.ts';

const CheckpointSchema = z.object({
  streamArn: z.string(),
  /** Per shard: the last sequence number handled, and whether the shard is closed and fully read. */
  shards: z.record(z.string(), z.object({ sequenceNumber: z.optional(z.string()), done: z.optional(z.boolean()) })),
});
type Checkpoint = z.infer<typeof CheckpointSchema>;

function readCheckpoint(path: string, streamArn: string): Checkpoint {
  if (existsSync(path)) {
    const parsed = CheckpointSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    // A recreated table has a new stream; the old positions mean nothing there.
    if (parsed.success && parsed.data.streamArn === streamArn) return parsed.data;
  }
  return { streamArn, shards: {} };
}

/**
 * Written whole, then renamed over the old one, so a kill mid-write leaves the previous checkpoint intact. Without
 * blocking: on a busy disk the two calls have taken tens of milliseconds, after every batch, and the runtime's
 * bus, queue and sender share this thread.
 */
async function writeCheckpoint(path: string, checkpoint: Checkpoint) {
  await writeFile(`${path}.tmp`, JSON.stringify(checkpoint));
  await rename(`${path}.tmp`, path);
}

/**
 * Saves the checkpoint behind the relay rather than before its next read: on a busy disk a save has taken 100-600
 * ms, and awaited after every batch it was most of a burst's time from event to queue. One save at a time, each of
 * the latest positions (those of batches already handed over, so the file never runs ahead of the relay); a kill
 * between a batch and its save only hands that batch over again, which the sender absorbs (one delivery per event
 * and endpoint). `flush` waits until the file holds the latest positions.
 */
function checkpointSaver(path: string, checkpoint: Checkpoint, onError: (error: unknown) => void) {
  let saving: Promise<void> | undefined;
  let again = false;
  const save = (): Promise<void> => {
    if (saving) {
      again = true;
      return saving;
    }
    saving = (async () => {
      try {
        do {
          again = false;
          await writeCheckpoint(path, checkpoint);
        } while (again);
      } catch (error) {
        onError(error);
      } finally {
        saving = undefined;
      }
    })();
    return saving;
  };
  return { save, flush: async () => (saving ? save() : undefined) };
}

type Image = Record<string, AttributeValue>;

/**
 * DynamoDB Local writes an empty map into stream records as `{}` instead of `{"M": {}}` (DynamoDB writes the
 * latter); restored here so the relay sees what it sees in AWS.
 */
function restoreEmptyMaps(image: Image | undefined): Image | undefined {
  if (!image) return image;
  const fix = (value: AttributeValue): AttributeValue => {
    if (Object.keys(value).length === 0) return { M: {} };
    if (value.M) return { M: restoreEmptyMaps(value.M) ?? {} };
    if (value.L) return { L: value.L.map(fix) };
    return value;
  };
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, fix(value)]));
}

/** The record as Lambda's event source mapping hands it over. */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { dynamodb } = record;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb?.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: dynamodb.ApproximateCreationDateTime.getTime() / 1000 }
        : {}),
      Keys: dynamodb?.Keys,
      NewImage: restoreEmptyMaps(dynamodb?.NewImage),
      OldImage: restoreEmptyMaps(dynamodb?.OldImage),
      SequenceNumber: dynamodb?.SequenceNumber,
      SizeBytes: dynamodb?.SizeBytes,
      StreamViewType: dynamodb?.StreamViewType,
    } as DynamoDBRecord['dynamodb'],
  };
}

/**
 * Records per read, DynamoDB Streams' most: the stream carries every write of the table, and only outbox items are
 * relayed, so a page is mostly records the reader skips.
 */
const GET_RECORDS_LIMIT = 1000;
/**
 * How stale the list of shards may get. A shard's children start only once it has ended, and an ended shard lists
 * them again at once, so this only bounds how long an unforeseen new shard waits; listing on every pass would put
 * a DescribeStream before most reads of a busy DynamoDB Local, on the path of every event.
 */
const SHARD_LIST_MAX_AGE_MS = 10_000;
/**
 * The wait after a pass that read nothing. Lambda's stream event source reads each shard about four times a
 * second; a little more often here, so the local relay is no slower than AWS's while costing an idle DynamoDB
 * Local ten small reads a second.
 */
const IDLE_POLL_MS = 100;

export type StreamRelay = { stop: () => Promise<void> };

type RelayOptions = {
  dynamodbEndpoint: string;
  tableName: string;
  checkpointPath: string;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
  delayMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
};

type Page = { Records?: StreamRecord[]; NextShardIterator?: string };
type ShardState = Checkpoint['shards'][string];

/** A running relay: the stream it reads, where it stands in each shard, and what it has read ahead. */
type Relay = {
  options: RelayOptions;
  streams: DynamoDBStreamsClient;
  streamArn: string;
  checkpoint: Checkpoint;
  saver: ReturnType<typeof checkpointSaver>;
  /** Per shard, the iterator of its next page. */
  iterators: Map<string, string>;
  /**
   * Per shard, the next page, read while the previous one is handed over: on a busy machine a read and a handover
   * have each taken a few hundred milliseconds, and in a burst the two in a row were most of an event's way to the
   * queue. Pages are still handed over one at a time and in order; the read ahead is dropped when its predecessor
   * fails (the shard is read again from the failed record). Only after a page that had records, so an idle stream
   * is still read every IDLE_POLL_MS.
   */
  readAhead: Map<string, { iterator: string; page: Promise<Page> }>;
  listed: { shards: Shard[]; at: number } | undefined;
  stopping: boolean;
  /** Ends the current sleep at once (on stop). */
  wake: (() => void) | undefined;
};

/**
 * Reads the table's stream on DynamoDB Local the way Lambda's event source mapping does: shard by shard,
 * parents before children, only the records the mapping's filter lets through, and on a reported failure
 * again from the failed record. The position is checkpointed in a file after each handled batch, so a
 * restart resumes where the last run stopped (records handled but not yet checkpointed come again: the
 * pipeline is at-least-once and the sender deduplicates).
 *
 * `delayMs` is a test hook: it holds each batch that much before handing it over, so a test can kill the
 * runtime between "stored" and "published".
 */
export async function startStreamRelay(options: RelayOptions): Promise<StreamRelay> {
  const clientConfig = { endpoint: options.dynamodbEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const tables = new DynamoDBClient(clientConfig);
  const streams = new DynamoDBStreamsClient(clientConfig);
  const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  if (!Table?.LatestStreamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const streamArn = Table.LatestStreamArn;

  const checkpoint = readCheckpoint(options.checkpointPath, streamArn);
  const relay: Relay = {
    options,
    streams,
    streamArn,
    checkpoint,
    saver: checkpointSaver(options.checkpointPath, checkpoint, (error) => options.onError?.(error)),
    iterators: new Map(),
    readAhead: new Map(),
    listed: undefined,
    stopping: false,
    wake: undefined,
  };
  const loop = (async () => {
    while (!relay.stopping) {
      try {
        if (!(await pass(relay))) await sleep(relay, options.pollMs ?? IDLE_POLL_MS);
      } catch (error) {
        options.onError?.(error);
        await sleep(relay, 1000);
      }
    }
  })();

  return {
    stop: async () => {
      relay.stopping = true;
      relay.wake?.();
      await loop;
      await Promise.allSettled([...relay.readAhead.values()].map((ahead) => ahead.page));
      await relay.saver.flush();
      streams.destroy();
    },
  };
}

function sleep(relay: Relay, ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    relay.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** One pass over the shards that are open and whose parents are read; true when it read anything. */
async function pass(relay: Relay): Promise<boolean> {
  const shards = await currentShards(relay);
  const known = new Set(shards.map((s) => s.ShardId));
  let readAny = false;
  for (const shard of shards) {
    const shardId = shard.ShardId;
    if (!shardId || relay.checkpoint.shards[shardId]?.done) continue;
    const parent = shard.ParentShardId;
    // Children after their parents, as the event source mapping does, so an item's records stay in order.
    if (parent && known.has(parent) && !relay.checkpoint.shards[parent]?.done) continue;
    if (await pollShard(relay, shardId)) readAny = true;
    if (relay.stopping) break;
  }
  return readAny;
}

async function listShards({ streams, streamArn }: Relay): Promise<Shard[]> {
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const { StreamDescription } = await streams.send(
      new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
    );
    shards.push(...(StreamDescription?.Shards ?? []));
    start = StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return shards;
}

/** The shards, listed again after SHARD_LIST_MAX_AGE_MS or as soon as one ends, instead of on every pass. */
async function currentShards(relay: Relay): Promise<Shard[]> {
  if (!relay.listed || Date.now() - relay.listed.at > SHARD_LIST_MAX_AGE_MS)
    relay.listed = { shards: await listShards(relay), at: Date.now() };
  return relay.listed.shards;
}

async function iteratorFor(relay: Relay, shardId: string): Promise<string | undefined> {
  const cached = relay.iterators.get(shardId);
  if (cached) return cached;
  const after = relay.checkpoint.shards[shardId]?.sequenceNumber;
  const { ShardIterator } = await relay.streams.send(
    new GetShardIteratorCommand({
      StreamArn: relay.streamArn,
      ShardId: shardId,
      ...(after
        ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
        : { ShardIteratorType: 'TRIM_HORIZON' }),
    }),
  );
  return ShardIterator;
}

const readPage = (relay: Relay, iterator: string): Promise<Page> =>
  relay.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: GET_RECORDS_LIMIT }));

/** Reads one page of one shard and hands it over; true when it read anything. */
async function pollShard(relay: Relay, shardId: string): Promise<boolean> {
  const iterator = await iteratorFor(relay, shardId);
  relay.checkpoint.shards[shardId] ??= {};
  const state = relay.checkpoint.shards[shardId];
  if (!iterator) {
    state.done = true;
    void relay.saver.save();
    return false;
  }
  const page = await nextPage(relay, shardId, iterator, state);
  if (!page) return false;
  const records = page.Records ?? [];
  if (records.length && page.NextShardIterator && !relay.stopping) {
    const next = page.NextShardIterator;
    const nextPage = readPage(relay, next);
    // Settled here as well, so a read ahead that is dropped never rejects unhandled.
    nextPage.catch(() => undefined);
    relay.readAhead.set(shardId, { iterator: next, page: nextPage });
  }
  if (!(await handOver(relay, shardId, records, state))) return false;
  const last = records.at(-1)?.dynamodb?.SequenceNumber;
  if (last) state.sequenceNumber = last;
  if (page.NextShardIterator) relay.iterators.set(shardId, page.NextShardIterator);
  else {
    relay.iterators.delete(shardId);
    state.done = true;
    relay.listed = undefined;
  }
  if (last || state.done) void relay.saver.save();
  return records.length > 0;
}

/**
 * The page at the shard's iterator, the one read ahead when it is that iterator's; undefined when the iterator
 * expired or its records were trimmed (the shard is read again from its checkpoint, or from its oldest record).
 */
async function nextPage(relay: Relay, shardId: string, iterator: string, state: ShardState): Promise<Page | undefined> {
  const ahead = relay.readAhead.get(shardId);
  relay.readAhead.delete(shardId);
  try {
    if (ahead?.iterator !== iterator) return await readPage(relay, iterator);
    const page = await ahead.page;
    // Read before the handover's end found nothing yet: what was written since is read now, not a poll later.
    if (!page.Records?.length && page.NextShardIterator) return await readPage(relay, page.NextShardIterator);
    return page;
  } catch (error) {
    relay.iterators.delete(shardId);
    if (error instanceof TrimmedDataAccessException) delete state.sequenceNumber;
    if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) return undefined;
    throw error;
  }
}

/**
 * Hands the page's relayed records to the handler; false when the shard is to be read again from where it stood
 * (the relay stopping) or from the record the handler reported failed.
 */
async function handOver(relay: Relay, shardId: string, records: StreamRecord[], state: ShardState): Promise<boolean> {
  const relayed = records.filter((r) => isRelayedStreamRecord(r)).map((r) => toLambdaRecord(r, relay.streamArn));
  if (!relayed.length) return true;
  if (relay.options.delayMs) await sleep(relay, relay.options.delayMs);
  if (relay.stopping) {
    relay.readAhead.delete(shardId);
    return false;
  }
  const response = await relay.options.handler({ Records: relayed });
  const failedAt = response?.batchItemFailures?.[0]?.itemIdentifier;
  if (!failedAt) return true;
  // Resume at the failed record: checkpoint just before it, and read again from there.
  const index = records.findIndex((r) => r.dynamodb?.SequenceNumber === failedAt);
  const before = index > 0 ? records[index - 1]?.dynamodb?.SequenceNumber : undefined;
  if (before) state.sequenceNumber = before;
  void relay.saver.save();
  relay.iterators.delete(shardId);
  relay.readAhead.delete(shardId);
  await sleep(relay, 1000);
  return false;
}
