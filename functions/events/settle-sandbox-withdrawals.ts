import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { settleDueSandboxWithdrawals } from '#shared/withdrawals/sweeps.ts';

/**
 * Scheduled (an EventBridge rule in AWS, a LocalWorker timer locally): sandbox payouts whose
 * `SANDBOX_SETTLE_AFTER_S` has passed settle as COMPLETED.
 */
export const handler = async (_event?: ScheduledEvent) => {
  const result = await settleDueSandboxWithdrawals(appDeps());
  if (result.due > 0) log.info('sandbox settlement sweep', result);
  return result;
};
