import type { LocalWorker } from '#infra/local/worker.ts';
import { log } from '#shared/log.ts';

type ScheduledModule = { handler: () => Promise<unknown> };

/**
 * Runs a scheduled Lambda's handler module every `everyMs`, one run at a time, as the EventBridge schedule
 * does in AWS. The module is imported on start, after `npm start` has set the environment the handler reads.
 */
function scheduled(
  name: string,
  load: () => Promise<ScheduledModule>,
  everyMs: number,
  enabled: (context: Parameters<LocalWorker['start']>[0]) => string | undefined,
  interval?: (context: Parameters<LocalWorker['start']>[0]) => number,
  options: { runAtStart?: boolean } = {},
): LocalWorker {
  return {
    name,
    start: async (context) => {
      const note = enabled(context);
      if (note === undefined) return { stop: async () => {} };
      context.announce(note);
      const { handler } = await load();
      let running: Promise<void> | undefined;
      const run = () => {
        if (running) return;
        running = handler()
          .then(() => undefined)
          .catch((error: unknown) => log.error(`${name} failed`, { error }))
          .finally(() => {
            running = undefined;
          });
      };
      const timer = setInterval(run, interval?.(context) ?? everyMs);
      if (options.runAtStart) run();
      return {
        stop: async () => {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
}

/**
 * The expiry sweep, the payout batcher, the bank reports (the sandbox bank simulator, then the inbox) and, when
 * live organizations quote from the ECB, the reference rates fetcher: on timers instead of EventBridge schedules
 * and S3 events.
 */
export const WITHDRAWAL_WORKERS: LocalWorker[] = [
  scheduled(
    'withdrawal expiry',
    () => import('#functions/events/expire-withdrawals.ts'),
    30_000,
    ({ deps }) =>
      `Expiry sweep     every 30 s; unsigned withdrawals expire after ${deps.config.withdrawals.expiryWindowSeconds} s`,
  ),
  scheduled(
    'payout batcher',
    () => import('#functions/events/batch-payouts.ts'),
    0,
    ({ deps }) =>
      `Payout batcher   every ${deps.config.bank.batchIntervalSeconds} s: pain.001 files in ${deps.config.bank.dir}/outbox`,
    ({ deps }) => deps.config.bank.batchIntervalSeconds * 1000,
  ),
  scheduled(
    'bank reports',
    async () => {
      const [simulator, reports] = await Promise.all([
        import('#functions/events/simulate-sandbox-bank.ts'),
        import('#functions/events/apply-bank-reports.ts'),
      ]);
      // The sandbox bank answers first, so its reports are applied in the same run.
      return { handler: async () => reports.handler(await simulator.handler().then(() => undefined)) };
    },
    1_000,
    ({ deps }) => {
      const after = deps.config.withdrawals.sandboxSettleAfterSeconds;
      const simulator =
        after === null
          ? 'the sandbox bank is silent (SANDBOX_SETTLE_AFTER_S=off)'
          : `the sandbox bank answers after ${after} s`;
      return `Bank reports     read from ${deps.config.bank.dir}/inbox every 1 s; ${simulator}`;
    },
  ),
  scheduled(
    'reference rates',
    () => import('#functions/events/fetch-reference-rates.ts'),
    3_600_000,
    ({ deps }) => {
      const rates = deps.config.referenceRates;
      return rates.source === 'ecb' ? `Reference rates  from ${rates.url} at start and every hour` : undefined;
    },
    undefined,
    { runAtStart: true },
  ),
];
