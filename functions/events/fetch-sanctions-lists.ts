import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { fetchSanctionsLists } from '#shared/screening-review/fetch-sanctions-lists.ts';

/**
 * Scheduled in AWS (hourly): fetch the official lists, re-screen on a new version. Under `npm start` the lists are
 * DATA_DIR/sanctions and infra/local/sanctions-lists.ts re-screens.
 */
export const handler = async (_event?: ScheduledEvent) => {
  const result = await fetchSanctionsLists(appDeps());
  log.info('sanctions lists', result);
  return result;
};
