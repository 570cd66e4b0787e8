import type { Config } from '#shared/config/env.ts';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';
import { LIST_MAX_AGE_DAYS } from '#shared/screening/list-age.ts';
import { LIST_TITLES, SANCTIONS_LISTS } from '#shared/screening/list-entries.ts';
import { readListFiles } from '#shared/screening/lists/list-files.ts';
import { listSourceOf } from '#shared/screening/screening-lists.ts';

const CHECK = 'sanctions lists';
const DAY_MS = 86_400_000;

/**
 * Every list the service screens against is in force, read from where the functions read it (the versioned bucket's
 * `lists/` in AWS, `SANCTIONS_DIR` locally), and its files were stored within `LIST_MAX_AGE_DAYS`.
 */
export async function checkSanctionsLists(config: Pick<Config, 'screening' | 'region'>, now: Date): Promise<Finding> {
  const source = listSourceOf(config);
  if (!source) {
    return problem(
      CHECK,
      'neither SANCTIONS_BUCKET nor SANCTIONS_DIR is set',
      'Name the lists bucket: SANCTIONS_BUCKET=payouts-<stage>-sanctions-<account>-<region>',
    );
  }
  const [files, modified] = await Promise.all([source.read(), source.modified()]);
  const { lists, failures } = readListFiles(files);
  const wrong: string[] = failures.map((failure) => failure.reason);
  const fine: string[] = [];
  const absent: string[] = [];
  for (const name of SANCTIONS_LISTS) {
    const list = lists.find((parsed) => parsed.list === name);
    if (!list) {
      absent.push(name);
      wrong.push(`${LIST_TITLES[name]}: not in force (no file of it in ${source.describe})`);
      continue;
    }
    const stored = Math.max(...(list.files ?? []).map((file) => modified.get(file)?.getTime() ?? 0));
    const days = (now.getTime() - stored) / DAY_MS;
    const said = `${LIST_TITLES[name]} ${list.version}: stored ${new Date(stored).toISOString()} (${days.toFixed(1)} days ago)`;
    (days > LIST_MAX_AGE_DAYS ? wrong : fine).push(said);
  }
  if (wrong.length > 0) {
    const why =
      absent.length > 0
        ? `A list not in force screens nobody against it: place its official file in ${source.describe} ` +
          '(the SanctionsLists function fetches them from SANCTIONS_LIST_URLS every hour; its log says why it did not)'
        : `A list older than ${LIST_MAX_AGE_DAYS} days misses names added since: look at the SanctionsLists function's ` +
          'log and SANCTIONS_LIST_URLS (alarm SanctionsListFailed<List>)';
    return problem(CHECK, wrong.join('; '), why);
  }
  return ok(CHECK, fine.join('; '));
}
