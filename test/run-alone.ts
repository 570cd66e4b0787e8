/**
 * The storms: test files whose requests race by the dozen for one item and are answered within a request's
 * database deadline, so their outcome depends on DynamoDB Local having the machine's cores. `npm test`
 * (test/run-tests.ts) runs them last, with nothing else running; docs/decisions/0033-storms-run-last-alone.md says why.
 */
export const RUN_ALONE = [
  'test/integration/withdrawals-contention.test.ts',
  'test/integration/concurrency.test.ts',
  'test/integration/withdrawals-idempotency-and-races.test.ts',
] as const;
