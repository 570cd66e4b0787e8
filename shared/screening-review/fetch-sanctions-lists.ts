import type { Deps } from '#shared/deps.ts';
import { fetchConfiguredLists } from '#shared/screening/fetch-lists.ts';
import { rescreenAll } from '#shared/screening-review/rescreen-all.ts';

/**
 * The scheduled work of the lists in AWS: the official files from SANCTIONS_LIST_URLS into the lists bucket, then a
 * re-screen of every verified customer and registered bank when the lists in force are of versions not screened
 * against yet (one GetItem when they were).
 */
export async function fetchSanctionsLists(deps: Deps) {
  const fetched = await fetchConfiguredLists(deps.config);
  const rescreened = await rescreenAll(deps);
  return {
    stored: fetched?.stored.map((list) => `${list.list}@${list.version}`) ?? [],
    failed: fetched?.failed.length ?? 0,
    newHits: rescreened?.newHits ?? 0,
  };
}
