import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request (or one event, one job) carries down its async calls: its database deadline
 * (shared/db/client.ts), its log keys (shared/log.ts) and, in the local runtime, the route whose table access its
 * calls are held to (infra/local/access-check.ts). One AsyncLocalStorage holds them all because on Node 20 and 22
 * every instance in use hooks every promise the process makes (about 0.05 µs each, and a get customer makes some
 * 600): each further instance cost every request of the local API about 30 µs of its one thread
 * (docs/decisions/0025-one-request-scope.md). Each module owns its slot, a symbol no other module holds.
 */
export type ScopeSlot<T> = symbol & { readonly valueType?: T };

export const scopeSlot = <T>(description: string): ScopeSlot<T> => Symbol(description) as ScopeSlot<T>;

const scope = new AsyncLocalStorage<Readonly<Record<symbol, unknown>>>();

/** The value of `slot` in the scope the caller runs in, if it has one. */
export const scoped = <T>(slot: ScopeSlot<T>): T | undefined => scope.getStore()?.[slot] as T | undefined;

/** Runs `fn` with `slot` set to `value`; every other slot keeps the value it has around the call. */
export function withScoped<T, R>(slot: ScopeSlot<T>, value: T, fn: () => R): R {
  return scope.run({ ...scope.getStore(), [slot]: value }, fn);
}
