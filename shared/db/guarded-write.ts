import { TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import { cancellationCodes } from '#shared/db/errors.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One item of a transaction with the role it plays, so a failed condition can be named by its role. */
export type GuardedItem<Role extends string> = { role: Role; item: TransactItem };

/** A guard of the transaction did not hold; nothing was written. `role` says which. */
export class WriteConditionFailedError<Role extends string = string> extends Error {
  constructor(readonly role: Role) {
    super(`condition failed: ${role}`);
  }
}

/** Another transaction held one of the items; nothing was written and a retry may succeed. */
export class WriteConflictError extends Error {}

/**
 * Writes the items in one TransactWriteItems: all or nothing. A failed guard becomes a
 * `WriteConditionFailedError` naming its role (the first, in item order); a conflict with a concurrent
 * transaction a `WriteConflictError`. Anything else (throttling included) is rethrown as the SDK raised it.
 */
export async function writeGuarded<Role extends string>(db: Db, items: readonly GuardedItem<Role>[]): Promise<void> {
  try {
    await db.client.send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes?.indexOf('ConditionalCheckFailed') ?? -1;
    const role = items[failed]?.role;
    if (role !== undefined) throw new WriteConditionFailedError(role);
    if (codes?.includes('TransactionConflict') || error instanceof TransactionConflictException) {
      throw new WriteConflictError('transaction conflict', { cause: error });
    }
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again (with jittered exponential backoff) while it loses to concurrent transactions. Each
 * attempt must read afresh, so it decides against the state the winner left. When every attempt lost, the
 * last SDK error surfaces: a transient database error, answered with 503.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, attempts = 12): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WriteConflictError)) throw error;
      if (n >= attempts) throw error.cause;
      await sleep(Math.random() * Math.min(1000, 10 * 2 ** n));
    }
  }
}

const CONFLICT_ATTEMPTS = 3;

/** Retries a transaction cancelled only by a conflicting concurrent transaction; its guards then decide. */
export async function transactWithConflictRetry(db: Db, input: TransactWriteCommandInput) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.client.send(new TransactWriteCommand(input));
    } catch (error) {
      const codes = cancellationCodes(error);
      const conflictOnly = codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= CONFLICT_ATTEMPTS) throw error;
      await sleep(20 * attempt + Math.random() * 30);
    }
  }
}
