import type { Config } from '#shared/config/env.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { bucketSource } from '#shared/screening/bucket-source.ts';
import { directorySource, type ListChange, type ListSource, ListsInForce } from '#shared/screening/lists-in-force.ts';

/** The metric a list that failed to parse counts (alarmed in AWS: `infra/aws/screening-alarms.ts`). */
export const LIST_FAILED_METRIC = 'SanctionsListFailed';

let inForce: ListsInForce | undefined;
const listeners = new Set<(change: ListChange) => void | Promise<void>>();

/** The lists in force in this process: read from SANCTIONS_DIR locally, from SANCTIONS_BUCKET in AWS. */
export function screeningLists(config: Pick<Config, 'screening' | 'region'>): ListsInForce {
  inForce ??= new ListsInForce(listSourceOf(config), {
    refreshSeconds: config.screening.refreshSeconds,
    onChange: async (change) => {
      reportChange(change);
      for (const listener of listeners) await listener(change);
    },
  });
  return inForce;
}

/** Something to do when lists change in this process (the local runtime re-screens, prints). */
export function onListsChange(listener: (change: ListChange) => void | Promise<void>): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the lists in force are read from (the folder locally, the bucket in AWS); undefined when neither is set. */
export function listSourceOf(config: Pick<Config, 'screening' | 'region'>): ListSource | undefined {
  if (config.screening.listsDir) return directorySource(config.screening.listsDir);
  if (config.screening.listsBucket) return bucketSource(config.screening.listsBucket, config.region);
  return undefined;
}

/** A failed list keeps its previous version in force; it is counted (the alarm) and logged with its reason. */
function reportChange({ loaded, failures }: ListChange) {
  for (const list of loaded) {
    log.info('sanctions list loaded', { list: list.list, version: list.version, entries: list.entries.length });
  }
  for (const failure of failures) {
    countMetric(LIST_FAILED_METRIC, { list: failure.list ?? 'unknown' });
    log.error('sanctions list not loaded: the previous version stays in force', { ...failure });
  }
}
