import type { LocalWorker, LocalWorkerContext } from '#infra/local/worker.ts';
import { importHandler } from '#infra/local/worker.ts';
import {
  BACKGROUND_FUNCTIONS,
  type BackgroundFunction,
  type BackgroundFunctionName,
} from '#shared/config/background-functions.ts';
import { type ServiceVariable, ServiceVariables } from '#shared/config/env.ts';
import { log } from '#shared/log.ts';

type Handler = (event?: unknown) => Promise<unknown>;

/**
 * The start banner's line for each timer, from the seconds it runs at; `undefined` leaves the function off (the
 * reference rates are fetched only when live organizations quote from the ECB).
 */
const BANNER: Partial<
  Record<BackgroundFunctionName, (context: LocalWorkerContext, seconds: number) => string | undefined>
> = {
  WithdrawalExpirySweep: ({ deps }, seconds) =>
    `Expiry sweep     every ${seconds} s; unsigned withdrawals expire after ${deps.config.withdrawals.expiryWindowSeconds} s`,
  PayoutBatcher: ({ deps }, seconds) =>
    `Payout batcher   every ${seconds} s: payment files (pain.001, NACHA) in ${deps.config.bank.dir}/<environment>/<organization>/outbox`,
  BankReports: ({ deps }, seconds) => {
    const after = deps.config.withdrawals.sandboxSettleAfterSeconds;
    const simulator =
      after === null
        ? 'the sandbox bank is silent (SANDBOX_SETTLE_AFTER_S=off)'
        : `the sandbox bank answers after ${after} s`;
    return `Bank reports     read from ${deps.config.bank.dir}/inbox and */*/inbox every ${seconds} s; ${simulator}`;
  },
  BankTransfer: (_, seconds) =>
    `Bank transfer    every ${seconds} s: live payment files to the banks' SFTP servers (npm run admin -- bank-transfer set-sftp)`,
  WaitingMeasure: (_, seconds) =>
    `Waiting measure  every ${seconds} s: unanswered payment files and review queue ages (metrics in AWS)`,
  ReferenceRates: ({ deps }) => {
    const rates = deps.config.referenceRates;
    return rates.source === 'ecb' ? `Reference rates  from ${rates.url} at start and every hour` : undefined;
  },
};

const entries = Object.entries(BACKGROUND_FUNCTIONS) as [BackgroundFunctionName, BackgroundFunction][];

/** A timer's seconds: a number, or the setting's value as the service reads it (`npm start` has set the environment). */
function secondsOf(every: number | ServiceVariable): number {
  if (typeof every === 'number') return every;
  const seconds = ServiceVariables.shape[every].parse(process.env[every]);
  if (typeof seconds !== 'number') throw new Error(`${every} is not a number of seconds`);
  return seconds;
}

/**
 * Runs a background function's handler module on its timer, one run at a time, as the EventBridge schedule does in
 * AWS; the functions that run just before it (`local: { before }`) run first in the same run. The modules are
 * imported on start, after `npm start` has set the environment the handlers read.
 */
function scheduled(name: BackgroundFunctionName, every: number | ServiceVariable, atStart: boolean) {
  const worker: LocalWorker = {
    name,
    start: async (context) => {
      const seconds = secondsOf(every);
      const note = BANNER[name]?.(context, seconds);
      if (note === undefined) return { stop: async () => {} };
      context.announce(note);
      const first = entries.filter(([, fn]) => 'before' in fn.local && fn.local.before === name);
      const handlers = await Promise.all(
        [...first.map(([, fn]) => fn), BACKGROUND_FUNCTIONS[name]].map((fn) => importHandler<Handler>(fn.handler)),
      );
      let running: Promise<void> | undefined;
      const run = () => {
        if (running) return;
        running = (async () => {
          for (const handler of handlers) await handler();
        })()
          .catch((error: unknown) => log.error(`${name} failed`, { error }))
          .finally(() => {
            running = undefined;
          });
      };
      const timer = setInterval(run, seconds * 1000);
      if (atStart) run();
      return {
        stop: async () => {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
  return worker;
}

/**
 * The background functions `BACKGROUND_FUNCTIONS` runs on timers locally (the expiry sweep, the payout batcher,
 * the bank reports after the sandbox bank, the reference rates), in its order.
 */
export const SCHEDULED_WORKERS: LocalWorker[] = entries.flatMap(([name, fn]) =>
  'everySeconds' in fn.local
    ? [scheduled(name, fn.local.everySeconds, 'atStart' in fn.local && fn.local.atStart === true)]
    : [],
);
