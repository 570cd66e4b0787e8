import { type DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { currentDeadline, decorateEveryDb } from '#shared/db/client.ts';

type Update = { Update?: { Key?: { sk?: { S?: string } } } };
type Handler = (args: { input: object }) => Promise<unknown>;

/**
 * A database double for the storms (integration tier): while on, every TransactWriteItems that reserves a balance
 * (an Update of a `BALANCE` item) is cancelled with `TransactionConflict` on that item, as DynamoDB cancels a
 * transaction that touches an item another one is writing, for as long as more than `untilLeftMs` is left before the
 * request's deadline. The creates of a storm spend their time losing to a hot item, as on a busy database, and must
 * still decide in what is left, or say that nothing was made. Call at the top of the test file: it decorates every
 * client made after it (the in-process service makes its own at its first request).
 */
export function useReservationConflicts() {
  const state: { untilLeftMs: number | undefined; conflicts: number } = { untilLeftMs: undefined, conflicts: 0 };
  const middleware =
    (next: Handler, context: { commandName?: string }): Handler =>
    async (args) => {
      const deadline = currentDeadline();
      const holding =
        state.untilLeftMs !== undefined &&
        context.commandName === 'TransactWriteItemsCommand' &&
        deadline !== undefined &&
        deadline - Date.now() > state.untilLeftMs;
      const items = (args.input as { TransactItems?: Update[] }).TransactItems ?? [];
      if (!holding || !items.some((item) => item.Update?.Key?.sk?.S === 'BALANCE')) return next(args);
      state.conflicts++;
      throw new TransactionCanceledException({
        message: 'Transaction cancelled (test double: a concurrent transaction holds the balance)',
        $metadata: {},
        CancellationReasons: items.map((item) =>
          item.Update?.Key?.sk?.S === 'BALANCE' ? { Code: 'TransactionConflict' } : { Code: 'None' },
        ),
      });
    };
  decorateEveryDb((client: DynamoDBClient) => {
    const stack = client.middlewareStack as unknown as { add: (m: typeof middleware, options: object) => void };
    stack.add(middleware, { step: 'finalizeRequest', priority: 'low', name: 'testReservationConflicts' });
  });
  return {
    /** Conflicts from now on, while a request has more than `untilLeftMs` left. */
    hold: (untilLeftMs: number) => {
      state.untilLeftMs = untilLeftMs;
    },
    release: () => {
      state.untilLeftMs = undefined;
    },
    conflicts: () => state.conflicts,
  };
}
