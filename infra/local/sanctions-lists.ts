import { mkdirSync } from 'node:fs';
import type { Deps } from '#shared/deps.ts';
import type { ListChange, ListsInForce } from '#shared/screening/lists-in-force.ts';
import type { RescreenRun } from '#shared/screening/records.ts';
import { onListsChange, screeningLists } from '#shared/screening/screening-lists.ts';
import { rescreenAll } from '#shared/screening-review/rescreen-all.ts';

/**
 * The sanctions lists of `npm start`: the files of DATA_DIR/sanctions (the OFAC SDN CSV set, the UN and EU XML),
 * loaded at start and looked at again every SANCTIONS_REFRESH_SECONDS, so a file dropped there is in force within
 * seconds. What loads, and what fails (its previous version staying in force), is printed as it happens. A new
 * version re-screens every verified customer and registered bank (once per set of versions), in the background.
 */
export async function startSanctionsLists(deps: Deps, dir: string) {
  mkdirSync(dir, { recursive: true });
  const lists = screeningLists(deps.config);
  await lists.reload();
  let rescreens = Promise.resolve();
  const rescreen = () => {
    rescreens = rescreens.then(async () => {
      try {
        const run = await rescreenAll(deps);
        if (run) process.stdout.write(`${rescreenLine(run)}\n`);
      } catch (error) {
        process.stderr.write(
          `Sanctions re-screen stopped: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    });
  };
  rescreen();
  const stopListening = onListsChange((change) => {
    for (const line of changeLines(change)) process.stdout.write(`${line}\n`);
    // Not awaited: the re-screen reads the lists this change is still loading.
    if (change.loaded.length > 0) rescreen();
  });
  const timer = setInterval(() => {
    lists.current().catch((error: unknown) => {
      process.stderr.write(`Sanctions lists not read: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  }, deps.config.screening.refreshSeconds * 1000);
  timer.unref();
  return {
    notes: bannerLines(lists, dir),
    stop: () => {
      clearInterval(timer);
      stopListening();
    },
  };
}

function bannerLines(lists: ListsInForce, dir: string): string[] {
  const loaded = lists.lists();
  const head = `Sanctions lists  ${dir} (drop the official files there: in force within seconds)`;
  if (loaded.length === 0 && lists.failures.length === 0) {
    return [head, '                   none loaded: names and addresses are screened against nothing'];
  }
  return [
    head,
    ...loaded.map((list) => `                   ${list.title}: version ${list.version}, ${list.entries} entries`),
    ...lists.failures.map((failure) => `                   NOT LOADED ${failure.reason}`),
  ];
}

const changeLines = ({ loaded, failures }: ListChange) => [
  ...loaded.map(
    (list) => `Sanctions list loaded: ${list.list} version ${list.version}, ${list.entries.length} entries`,
  ),
  ...failures.map((failure) => `Sanctions list NOT loaded (the previous version stays in force): ${failure.reason}`),
];

const rescreenLine = (run: RescreenRun) =>
  `Sanctions re-screen against ${run.versions}: ${run.screened} screened, ${run.newHits} new hits, ${run.failed} failed`;
