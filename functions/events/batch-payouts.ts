import type { ScheduledEvent } from 'aws-lambda';
import { confirmDuePrenotes, sendDuePrenotes } from '#shared/banks/send-prenotes.ts';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { batchPayouts, checkOverdueFiles } from '#shared/payouts/batch-payouts.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';

/**
 * Scheduled every `PAYOUT_BATCH_INTERVAL_S`: PROCESSING withdrawals become pain.001 files in the outbox; then the
 * files whose payouts are overdue are counted for the stuck-payout alarm. Requested ACH prenotes go out in a NACHA
 * file of their own, and those past their window without a return are confirmed.
 */
export const handler = async (_event?: ScheduledEvent) => {
  const deps = appDeps();
  const channel = bankChannel(deps.config);
  const result = await batchPayouts(deps, channel);
  if (result.files.length > 0 || result.rewritten > 0) log.info('payout batcher', result);
  const overdue = await checkOverdueFiles(deps);
  const prenotes = { prenoteFiles: (await sendDuePrenotes(deps, channel)).files, ...(await confirmDuePrenotes(deps)) };
  return { ...result, ...overdue, ...prenotes };
};
