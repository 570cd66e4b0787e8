import { AsyncLocalStorage } from 'node:async_hooks';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Db } from '#shared/db/client.ts';
import { type Consumed, consumedOf, isReadCommand } from '#test/bench/floor.ts';
import { installMemoryBucket } from '#test/bench/memory-bucket.ts';
import { NO_USAGE, type Usage } from '#test/bench/prices.ts';

/** What the calls of one stage used, the durations of its invocations, and its S3 writes into an inbox. */
export type StageTally = Usage & { durationsMs: number[]; inboxWrites: number };

/**
 * Every priced call of this process attributed to the stage it runs in (AsyncLocalStorage): DynamoDB calls ask for
 * their consumed capacity, S3 calls go to one in-memory bucket behind the real S3 channel (counted by request class),
 * Secrets Manager calls are counted on their way to the stand-in. A call outside any stage (set-up, checks) is
 * neither changed nor counted.
 */
export function stageMeter(input: { db: Db; bucket: string; memoryMb: number }) {
  const context = new AsyncLocalStorage<StageTally>();
  const client = input.db.client as unknown as {
    send: (command: { input: Record<string, unknown> }) => Promise<unknown>;
  };
  const send = client.send.bind(client);
  client.send = async (command) => {
    const tally = context.getStore();
    if (!tally) return send(command);
    const read = isReadCommand(command.constructor.name);
    command.input.ReturnConsumedCapacity = 'TOTAL';
    let result: Consumed;
    try {
      result = (await send(command)) as Consumed;
    } catch (error) {
      // A write refused on its condition reports no capacity; DynamoDB bills it at least one unit.
      if (!read) tally.writeUnits += 1;
      throw error;
    }
    if (read) tally.readUnits += consumedOf(result);
    else tally.writeUnits += consumedOf(result);
    return result;
  };
  const bucket = installMemoryBucket(input.bucket, (kind, key) => {
    const tally = context.getStore();
    if (!tally) return;
    if (kind === 'get') tally.s3GetRequests++;
    else tally.s3PutCopyListRequests++;
    if (kind === 'putCopyList' && /^(live|sandbox)\/[^/]+\/inbox\/./.test(key)) tally.inboxWrites++;
  });
  const secretsSend = SecretsManagerClient.prototype.send;
  SecretsManagerClient.prototype.send = function counted(this: SecretsManagerClient, ...args: unknown[]) {
    const tally = context.getStore();
    if (tally) tally.secretsManagerCalls++;
    return (secretsSend as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof secretsSend;

  return {
    bucket,
    newTally: (): StageTally => ({ ...NO_USAGE, durationsMs: [], inboxWrites: 0 }),
    /** One invocation of a function: its calls counted in `tally`, its duration kept for its GB-seconds. */
    invoke: async <T>(tally: StageTally, act: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await context.run(tally, act);
      } finally {
        tally.durationsMs.push(performance.now() - started);
        tally.lambdaInvocations++;
      }
    },
    /** Calls counted in `tally` that are no invocation of ours (the bank's side, a check). */
    within: <T>(tally: StageTally, act: () => Promise<T>): Promise<T> => context.run(tally, act),
    /** The tally as priced usage: GB-seconds are the function's memory × its invocations' durations. */
    usageOf: (tally: StageTally): Usage => {
      const { durationsMs, inboxWrites: _, ...usage } = tally;
      const seconds = durationsMs.reduce((sum, ms) => sum + ms, 0) / 1000;
      return { ...usage, lambdaGbSeconds: (input.memoryMb / 1024) * seconds };
    },
  };
}

export type StageMeter = ReturnType<typeof stageMeter>;

/** Milliseconds a tally's invocations took in all. */
export const millisecondsOf = (tally: StageTally) => tally.durationsMs.reduce((sum, ms) => sum + ms, 0);
