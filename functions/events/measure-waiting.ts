import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { measureWaiting } from '#shared/waiting/measure-waiting.ts';

/** Scheduled: what waits on banks and on people, as metrics (`shared/waiting/README.md`). */
export const handler = async (_event?: ScheduledEvent) => {
  const result = await measureWaiting(appDeps());
  if (result.unansweredFiles.length > 0) {
    log.error('payment files unanswered past their rail window', {
      files: result.unansweredFiles.map((file) => `${file.organizationId}/${file.name}`).join(','),
    });
  }
  return result;
};
