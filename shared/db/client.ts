import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '#shared/config/env.ts';
import { scoped, scopeSlot, withScoped } from '#shared/request-scope.ts';

export type Db = { client: DynamoDBDocumentClient; tableName: string };

export const DB_MAX_ATTEMPTS = 3;

/**
 * How long one attempt may take. A hung connection must end as an error the caller can retry (503) within the
 * function's 10 s timeout, not hang until the function is killed: in AWS three attempts of at most 2 s. DynamoDB
 * Local on a busy development machine can take seconds for a large batch, and seconds to accept a connection while
 * a run's suites all hold it busy, so it gets more time (the request's database deadline still bounds the whole).
 */
export const dbTimeouts = (cfg: Pick<Config, 'dynamodbEndpoint'>) => ({
  connectionTimeout: cfg.dynamodbEndpoint ? 5_000 : 1_000,
  requestTimeout: cfg.dynamodbEndpoint ? 10_000 : 2_000,
});

/**
 * How long one API request may wait for the database in all, whatever its calls and their attempts: a hung
 * database is answered within this (locally 4.5 s, so under 5 s; in AWS within the function's 10 s timeout, also
 * capped by the time the function has left). Past it, a call is aborted and fails as a transient error.
 */
export const requestBudgetMs = (
  cfg: Pick<Config, 'dynamodbEndpoint'> & { databaseBudgetMs?: number | undefined },
  remainingMs?: number,
): number => {
  const budget = cfg.databaseBudgetMs ?? (cfg.dynamodbEndpoint ? 4_500 : 8_000);
  return remainingMs === undefined ? budget : Math.max(0, Math.min(budget, remainingMs - 1_000));
};

/**
 * The abort signal of one deadline, as the SDK reads one: `aborted`, `reason`, and listeners added and removed
 * by name. Node's AbortSignal is an EventTarget, whose listeners cost about 6 µs each to add and remove, and the SDK
 * adds two to every call (its retry loop and its HTTP handler): on a short read that was most of what the deadline
 * cost (`npm run bench`, get customer). Aborting calls each listener once, as `{ once: true }` asks.
 */
class DeadlineSignal {
  aborted = false;
  reason: unknown;
  readonly #listeners = new Set<() => void>();

  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners.delete(listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    for (const listener of listeners) listener();
  }
}

/** A deadline (epoch ms) and, once a call has needed it, its signal and the timer that aborts it. */
type Deadline = { at: number; signal?: DeadlineSignal; timer?: NodeJS.Timeout };

const DEADLINE = scopeSlot<Deadline>('database deadline');

/** The signal's reason once the deadline passed, as `AbortSignal.timeout` gives it (an AbortError may cite it). */
const deadlinePassed = () => new DOMException('The request reached its database deadline', 'TimeoutError');

/**
 * Runs `work` with every database call in it aborted at `at` (epoch ms) at the latest; nested, the earlier
 * deadline holds. An aborted call fails as a transient error (`AbortError`): its outcome is unknown. The timer is
 * cleared once `work` settles: every request would otherwise leave one behind to fire seconds later.
 */
export async function withDatabaseDeadline<T>(at: number, work: () => Promise<T>): Promise<T> {
  const outer = scoped(DEADLINE);
  if (outer !== undefined && outer.at <= at) return work();
  const deadline: Deadline = { at };
  try {
    return await withScoped(DEADLINE, deadline, work);
  } finally {
    clearTimeout(deadline.timer);
  }
}

/** The deadline the caller runs under (epoch ms), if any. */
export const currentDeadline = (): number | undefined => scoped(DEADLINE)?.at;

/** The signal of the deadline `work` runs under, if any: one per deadline, not one timer per call. */
function deadlineSignal(): AbortSignal | undefined {
  const deadline = scoped(DEADLINE);
  if (deadline === undefined) return undefined;
  if (deadline.signal === undefined) {
    const signal = new DeadlineSignal();
    deadline.signal = signal;
    deadline.timer = setTimeout(() => signal.abort(deadlinePassed()), Math.max(0, deadline.at - Date.now()));
  }
  // The SDK takes any object with this shape (@smithy/types' AbortSignal); the DOM type asks for more.
  return deadline.signal as unknown as AbortSignal;
}

/** Changes made to every DynamoDB client created after them (`decorateEveryDb`). */
const decorators: ((client: DynamoDBClient) => void)[] = [];

/**
 * Registers a change every client made from now on gets before it is used: the integration suite's fault layer
 * (test/support/db/dynamodb-faults.ts) adds its middleware here. Nothing registers one outside tests.
 */
export function decorateEveryDb(decorate: (client: DynamoDBClient) => void): void {
  decorators.push(decorate);
}

/**
 * One document client per process. Against a local endpoint (DynamoDB Local, tests) it gets static dummy
 * credentials so the SDK never looks for instance metadata.
 */
export function createDb(
  cfg: Pick<Config, 'tableName' | 'region' | 'dynamodbEndpoint'>,
  timeouts: { connectionTimeout: number; requestTimeout: number } = dbTimeouts(cfg),
): Db {
  const base = new DynamoDBClient({
    region: cfg.region,
    maxAttempts: DB_MAX_ATTEMPTS,
    requestHandler: { ...timeouts, throwOnRequestTimeout: true },
    ...(cfg.dynamodbEndpoint
      ? { endpoint: cfg.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  for (const decorate of decorators) decorate(base);
  const client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  // Every call carries the abort signal of its request's deadline. The prototype's `send` is looked up at each
  // call, so a test double installed on it later is still the one called.
  client.send = ((command: Parameters<typeof client.send>[0], options?: { abortSignal?: AbortSignal }) => {
    const abortSignal = options?.abortSignal ?? deadlineSignal();
    const send = DynamoDBDocumentClient.prototype.send as (command: unknown, options: unknown) => Promise<unknown>;
    return send.call(client, command, { ...options, abortSignal });
  }) as typeof client.send;
  return { client, tableName: cfg.tableName };
}
