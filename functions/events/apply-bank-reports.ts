import type { S3Event } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { processInbox, processInboxReport } from '#shared/withdrawals/apply-bank-report.ts';

/**
 * Reports from the bank: in AWS an S3 event per object created under `inbox/` names the report; without records
 * (the local worker, or a scheduled catch-up) every report waiting in the inbox is processed.
 */
export const handler = async (event?: Partial<S3Event>) => {
  const deps = appDeps();
  const channel = bankChannel(deps.config);
  const names = (event?.Records ?? [])
    .map((record) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')))
    .filter((key) => key.startsWith('inbox/'))
    .map((key) => key.slice('inbox/'.length));
  if (!event?.Records) return processInbox(deps, channel);
  const outcomes: Record<string, unknown> = {};
  for (const name of names) outcomes[name] = await processInboxReport(deps, channel, name);
  log.info('bank reports', { outcomes });
  return outcomes;
};
