import type { ScheduledEvent } from 'aws-lambda';
import { moveBankFiles } from '#shared/bank-transfer/move-bank-files.ts';
import { bankSecrets } from '#shared/bank-transfer/secrets.ts';
import { appDeps } from '#shared/deps.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';

/** Scheduled: live payment files to the banks' SFTP servers, their reports into the inbox. */
export const handler = async (_event?: ScheduledEvent) => {
  const deps = appDeps();
  return moveBankFiles(deps, { channel: bankChannel(deps.config), secrets: bankSecrets() });
};
