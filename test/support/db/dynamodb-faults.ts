import {
  type DynamoDBClient,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';

/**
 * DynamoDB's behaviour that DynamoDB Local leaves out, as a middleware on the test's DynamoDB clients:
 *
 * - **Conflicts**: DynamoDB Local serializes transactions; DynamoDB cancels a TransactWriteItems that touches an
 *   item another transaction is writing at that moment (`TransactionCanceledException`, reason
 *   `TransactionConflict` on that item, `None` on the others). Here a transaction whose items (by table, pk, sk)
 *   include one of a transaction in flight in this process is cancelled so, before it is sent. A transaction
 *   counts as writing its items from its send until its answer, for at most `conflictWindowMs` (default
 *   `CONFLICT_WINDOW_MS`): DynamoDB applies a transaction in tens of milliseconds, while DynamoDB Local on busy
 *   cores answers after seconds of queueing behind the others. Without the bound that queue, not DynamoDB, would
 *   decide: a storm's one hot item would take one transaction at a time for its whole queued answer, cancelling
 *   every other, which is neither what DynamoDB does nor what the code under test can be asked to beat.
 * - **Throttling**: DynamoDB throttles hot partitions; here each call is refused with
 *   `ProvisionedThroughputExceededException` at the configured rate, inside the SDK's retries (as a real
 *   throttle is: the SDK retries it with backoff, up to the client's attempts).
 *
 * Enabled by `DYNAMODB_FAULTS` (`conflicts` or `conflicts=<window ms>`, `throttle=<rate 0..1>`, comma-separated), read only by the
 * integration setup (test/support/db/dynamodb-local-env.ts); the `integration-faults` project of
 * vitest.config.ts runs the concurrency and ledger suites again with it on.
 */
export type Faults = { conflicts: boolean; throttleRate: number; conflictWindowMs: number };

/**
 * How long a transaction holds its items at most, by default: several times what DynamoDB takes to apply one
 * (`TransactWriteItems` answers in tens of milliseconds), so the layer errs on the side of more conflicts.
 */
export const CONFLICT_WINDOW_MS = 50;

export function parseFaults(spec: string | undefined): Faults | undefined {
  if (!spec) return undefined;
  const faults: Faults = { conflicts: false, throttleRate: 0, conflictWindowMs: CONFLICT_WINDOW_MS };
  for (const part of spec.split(',').map((p) => p.trim())) {
    const [name, value] = part.split('=');
    if (name === 'conflicts' && (value === undefined || /^[1-9][0-9]*$/.test(value))) {
      faults.conflicts = true;
      if (value !== undefined) faults.conflictWindowMs = Number(value);
    } else if (name === 'throttle' && value !== undefined && Number(value) >= 0 && Number(value) <= 1) {
      faults.throttleRate = Number(value);
    } else throw new Error(`DYNAMODB_FAULTS: unknown part "${part}" (conflicts[=<ms>], throttle=<0..1>)`);
  }
  return faults;
}

type AttributeKey = { S?: string };
type TransactItem = {
  Put?: { TableName?: string; Item?: Record<string, AttributeKey> };
  Update?: { TableName?: string; Key?: Record<string, AttributeKey> };
  Delete?: { TableName?: string; Key?: Record<string, AttributeKey> };
  ConditionCheck?: { TableName?: string; Key?: Record<string, AttributeKey> };
};

/** The key of each item of a transaction, as one string per item. */
export function transactionItemKeys(items: readonly TransactItem[]): string[] {
  return items.map((item) => {
    const target = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
    const key = item.Put ? item.Put.Item : (target as { Key?: Record<string, AttributeKey> } | undefined)?.Key;
    return `${target?.TableName}\u0000${key?.pk?.S}\u0000${key?.sk?.S}`;
  });
}

/** The items of the transactions in flight in this process, with how many hold each. */
const inFlight = new Map<string, number>();

/** What the layer did, for a test to show it was exercised. */
export const faultCounts = { conflicts: 0, throttles: 0 };

const meta = { $metadata: {} };

type Handler = (args: { input: object }) => Promise<unknown>;

export function faultMiddleware(faults: Faults) {
  return (next: Handler, context: { commandName?: string }): Handler =>
    async (args) => {
      if (faults.throttleRate > 0 && Math.random() < faults.throttleRate) {
        faultCounts.throttles++;
        throw new ProvisionedThroughputExceededException({
          message: 'The level of configured provisioned throughput for the table was exceeded (test fault layer)',
          ...meta,
        });
      }
      if (!faults.conflicts || context.commandName !== 'TransactWriteItemsCommand') return next(args);
      const items = (args.input as { TransactItems?: TransactItem[] }).TransactItems ?? [];
      const keys = transactionItemKeys(items);
      if (keys.some((key) => inFlight.has(key))) {
        faultCounts.conflicts++;
        throw new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons (test fault layer)',
          ...meta,
          CancellationReasons: keys.map((key) =>
            inFlight.has(key)
              ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }
              : { Code: 'None' },
          ),
        });
      }
      for (const key of keys) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        for (const key of keys) {
          const holders = (inFlight.get(key) ?? 1) - 1;
          if (holders > 0) inFlight.set(key, holders);
          else inFlight.delete(key);
        }
      };
      const windowEnds = setTimeout(release, faults.conflictWindowMs);
      try {
        return await next(args);
      } finally {
        clearTimeout(windowEnds);
        release();
      }
    };
}

/** Adds the layer to a client, inside the SDK's retries (a throttle is retried as a real one is). */
export function addFaultLayer(client: DynamoDBClient, faults: Faults): void {
  // The SDK's middleware types are generic over every command; this one only reads the input and passes it on.
  const stack = client.middlewareStack as unknown as {
    add: (middleware: ReturnType<typeof faultMiddleware>, options: object) => void;
  };
  stack.add(faultMiddleware(faults), { step: 'finalizeRequest', priority: 'low', name: 'testFaultLayer' });
}
