import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { fetchConfiguredLists } from '#shared/screening/fetch-lists.ts';
import { rescreenAll } from '#shared/screening-review/rescreen-all.ts';

/**
 * Scheduled in AWS (hourly): the official files from SANCTIONS_LIST_URLS into the lists bucket, then a re-screen of
 * every verified customer and registered bank when the lists in force are of versions not screened against yet.
 * Under `npm start` the lists are DATA_DIR/sanctions and infra/local/sanctions-lists.ts re-screens.
 */
export const handler = async (_event?: ScheduledEvent) => {
  const deps = appDeps();
  const fetched = await fetchConfiguredLists(deps.config);
  const rescreened = await rescreenAll(deps);
  const result = {
    stored: fetched?.stored.map((list) => `${list.list}@${list.version}`) ?? [],
    failed: fetched?.failed.length ?? 0,
    newHits: rescreened?.newHits ?? 0,
  };
  log.info('sanctions lists', result);
  return result;
};
