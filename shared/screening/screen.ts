import type { Deps } from '#shared/deps.ts';
import { LIST_TITLES } from '#shared/screening/list-entries.ts';
import type { ScreeningHit } from '#shared/screening/records.ts';
import { screeningLists } from '#shared/screening/screening-lists.ts';

/**
 * The one question the rest of the service asks: does this name (or address) hit a list in force? The best hit, in
 * the shape a hold stores, or undefined. Screening never throws on odd text: a name that normalises to nothing
 * (only punctuation, say) hits nothing, and the API refuses invisible characters before a name gets here.
 */
export async function screenName(deps: Pick<Deps, 'config'>, name: string): Promise<ScreeningHit | undefined> {
  const lists = screeningLists(deps.config);
  const index = await lists.current();
  const [best] = index.screenName(name);
  if (!best) return undefined;
  return { ...best, listVersion: versionOf(lists.lists(), best.list) };
}

export async function screenAddress(deps: Pick<Deps, 'config'>, address: string): Promise<ScreeningHit | undefined> {
  const lists = screeningLists(deps.config);
  const [hit] = (await lists.current()).screenAddress(address);
  if (!hit) return undefined;
  return {
    list: hit.list,
    listVersion: versionOf(lists.lists(), hit.list),
    entryId: hit.entryId,
    entryName: hit.entryName,
    matchedName: null,
    score: null,
  };
}

const versionOf = (lists: { list: string; version: string }[], list: string) =>
  lists.find((candidate) => candidate.list === list)?.version ?? '';

/** What a held thing says to the API's clients: held, for which list; the entry and score are the reviewer's. */
export const holdReason = (what: string, hit: ScreeningHit) =>
  `Held for review: the ${what} matches an entry of the ${LIST_TITLES[hit.list]} sanctions list`;
