/**
 * One instance of a service for the whole vitest run, whichever projects' global setups ask for it. Vitest runs
 * the projects' global setups one after the other, before any file of any project, in one process but with
 * modules of their own: so the instance is kept on `globalThis`, and a second project's set-up costs nothing.
 * The `integration` and `integration-faults` projects share one DynamoDB Local and one document store this way
 * (their faults are the client's, test/support/db/dynamodb-faults.ts).
 */
type Held<T> = { instance: Promise<T>; users: number };

const held = globalThis as unknown as Record<symbol, Held<unknown> | undefined>;
const slot = (name: string) => Symbol.for(`payouts-tests:${name}`);

/** The run's instance of `name`, started by the first caller. */
export function acquire<T>(name: string, start: () => Promise<T>): Promise<T> {
  const current = held[slot(name)] ?? { instance: start(), users: 0 };
  current.users++;
  held[slot(name)] = current;
  return current.instance as Promise<T>;
}

/** Lets go of the run's instance of `name`; the last caller stops it. */
export async function release<T>(name: string, stop: (instance: T) => Promise<void>): Promise<void> {
  const current = held[slot(name)];
  if (!current || --current.users > 0) return;
  held[slot(name)] = undefined;
  await stop((await current.instance) as T);
}
