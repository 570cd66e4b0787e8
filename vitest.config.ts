import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/slow-first.ts';

const WORKERS = Math.max(2, availableParallelism());
/** e2e files at once: each has its own `npm start` (a JVM, a chain, the workers), whatever the cores. */
const E2E_WORKERS = 2;

/**
 * Four tiers, one run: unit (in-memory fakes, mocked SDK), integration (DynamoDB Local in memory, started once
 * by the global setup), infra (CDK template assertions) and e2e (`npm start` driven over HTTP).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, so every file ran after
    // the other. Most files wait on DynamoDB Local, child processes or timers rather than compute, so two files at
    // a time keep both cores busy.
    maxWorkers: WORKERS,
    // The slow files first, whatever the project and whether or not vitest has cached durations (test/slow-first.ts).
    sequence: { sequencer: SlowFirstSequencer },
    env: {
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: 'silent',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/support/env.ts'],
          // Vitest's 5 s (10 s for hooks) is shorter than some unit paths take on two busy cores: generating the
          // API types, importing every handler, the property runs, a transaction's conflict retries (5 s at most).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: [
            'test/support/db/dynamodb-local.ts',
            'test/support/rails/document-store.ts',
            'test/support/events/event-contracts.ts',
          ],
          setupFiles: ['test/support/db/dynamodb-local-env.ts'],
          testTimeout: 30_000,
          // A suite's set-up (an organization, members with passkeys, both contracts compiled) takes 6 s on two
          // busy cores; vitest's 10 s for hooks is too close to that.
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The ledger's race suites and the storms again, with DynamoDB's transaction conflicts and throttling
          // that DynamoDB Local leaves out (test/support/db/dynamodb-faults.ts): their assertions must hold under both.
          name: 'integration-faults',
          include: [
            'test/integration/withdrawals-idempotency-and-races.test.ts',
            'test/integration/withdrawals-contention.test.ts',
            'test/integration/concurrency.test.ts',
          ],
          globalSetup: [
            'test/support/db/dynamodb-local.ts',
            'test/support/rails/document-store.ts',
            'test/support/events/event-contracts.ts',
          ],
          setupFiles: ['test/support/db/dynamodb-local-env.ts'],
          env: { DYNAMODB_FAULTS: 'conflicts,throttle=0.01' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file has its own `npm start` (free port, own DATA_DIR); the tier waits far more than it computes.
          maxWorkers: E2E_WORKERS,
          // Vitest runs files of one group order with one worker count, and refuses projects that differ in it: on
          // two cores e2e shares the group of the others; with more, it runs as a group of its own, after them.
          sequence: { groupOrder: E2E_WORKERS === WORKERS ? 0 : 1 },
        },
      },
    ],
  },
});
