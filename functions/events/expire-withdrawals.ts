import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { expireDueWithdrawals } from '#shared/withdrawals/expire-withdrawals.ts';

/** Scheduled (an EventBridge rule every minute in AWS, a LocalWorker timer locally): withdrawals past their window expire. */
export const handler = async (_event?: ScheduledEvent) => {
  const result = await expireDueWithdrawals(appDeps());
  if (result.due > 0) log.info('expiry sweep', result);
  return result;
};
