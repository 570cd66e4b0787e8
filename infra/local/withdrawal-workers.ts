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
): LocalWorker {
  return {
    name,
    start: async (context) => {
      const note = enabled(context);
      if (note === undefined) return { stop: async () => {} };
      context.announce(note);
      const { handler } = await load();
      let running: Promise<void> | undefined;
      const timer = setInterval(() => {
        if (running) return;
        running = handler()
          .then(() => undefined)
          .catch((error: unknown) => log.error(`${name} failed`, { error }))
          .finally(() => {
            running = undefined;
          });
      }, everyMs);
      return {
        stop: async () => {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
}

/** The expiry sweep and the sandbox settlement, on timers instead of EventBridge schedules. */
export const WITHDRAWAL_WORKERS: LocalWorker[] = [
  scheduled(
    'withdrawal expiry',
    () => import('#functions/events/expire-withdrawals.ts'),
    30_000,
    ({ deps }) =>
      `Expiry sweep     every 30 s; unsigned withdrawals expire after ${deps.config.withdrawals.expiryWindowSeconds} s`,
  ),
  scheduled(
    'sandbox settlement',
    () => import('#functions/events/settle-sandbox-withdrawals.ts'),
    1_000,
    ({ deps }) => {
      const after = deps.config.withdrawals.sandboxSettleAfterSeconds;
      return after === null
        ? undefined
        : `Sandbox payouts  settle ${after} s after they start (SANDBOX_SETTLE_AFTER_S)`;
    },
  ),
];
