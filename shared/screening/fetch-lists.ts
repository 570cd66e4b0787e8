import type { Config } from '#shared/config/env.ts';
import { sha256Hex } from '#shared/ids.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { bucketStore, type ListStore } from '#shared/screening/bucket-source.ts';
import type { SanctionsListName } from '#shared/screening/list-entries.ts';
import { type ListFailure, readListFiles } from '#shared/screening/lists/list-files.ts';
import { OFAC_FILE_NAMES } from '#shared/screening/lists/ofac-sdn.ts';
import { LIST_FAILED_METRIC } from '#shared/screening/screening-lists.ts';

/** The largest file taken (the EU's full XML is about 25 MB); a larger answer is a failure, not a list. */
const MAX_FILE_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 60_000;
const OFAC_FILES: readonly string[] = Object.values(OFAC_FILE_NAMES);

export type FetchReport = {
  stored: { list: SanctionsListName; version: string; files: string[] }[];
  unchanged: SanctionsListName[];
  failed: ListFailure[];
};

/** `SANCTIONS_LIST_URLS`: `file=url` pairs, each file an OFAC CSV name or an `.xml`. */
export function parseListUrls(value: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim().toLowerCase();
    const url = pair.slice(at + 1).trim();
    if (at < 1 || !/^[\w.-]+$/.test(name) || !(OFAC_FILES.includes(name) || name.endsWith('.xml'))) {
      throw new Error(`SANCTIONS_LIST_URLS: "${pair}" is not file=url with an OFAC CSV name or an .xml name`);
    }
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new Error(`SANCTIONS_LIST_URLS: "${url}" is not an http(s) URL`);
    }
    urls.set(name, url);
  }
  return urls;
}

/**
 * Downloads the official files and stores each list whose files parse (the OFAC CSV set together, each XML
 * alone) in the versioned store, when they differ from what it holds. A list whose download or parse fails is not
 * stored: its previous version stays in force; it is logged and counted as `SanctionsListFailed` (alarmed).
 */
export async function fetchLists(input: {
  urls: ReadonlyMap<string, string>;
  store: ListStore;
  fetch?: typeof fetch;
}): Promise<FetchReport> {
  const get = input.fetch ?? fetch;
  const report: FetchReport = { stored: [], unchanged: [], failed: [] };
  const downloaded = new Map<string, string>();
  const notDownloaded: ListFailure[] = [];
  for (const [name, url] of input.urls) {
    try {
      downloaded.set(name, await download(get, url));
    } catch (error) {
      const reason = `${name}: not downloaded from ${url}: ${error instanceof Error ? error.message : String(error)}`;
      notDownloaded.push({ list: OFAC_FILES.includes(name) ? 'OFAC_SDN' : undefined, file: name, reason });
    }
  }
  for (const group of groupsOf([...input.urls.keys()])) {
    const missing = notDownloaded.filter((failure) => group.includes(failure.file));
    if (missing.length > 0) {
      report.failed.push(...missing);
      continue;
    }
    const files = new Map(group.map((name) => [name, downloaded.get(name) ?? '']));
    const { lists, failures } = readListFiles(files);
    const [list] = lists;
    if (failures.length > 0 || !list) {
      report.failed.push(...failures);
      continue;
    }
    const changed: string[] = [];
    for (const [name, text] of files) {
      const digest = sha256Hex(text);
      if ((await input.store.storedDigest(name)) === digest) continue;
      await input.store.put(name, text, digest);
      changed.push(name);
    }
    if (changed.length === 0) report.unchanged.push(list.list);
    else report.stored.push({ list: list.list, version: list.version, files: changed });
  }
  for (const failure of report.failed) {
    countMetric(LIST_FAILED_METRIC, { list: failure.list ?? 'unknown' });
    log.error('sanctions list not stored: the previous version stays in force', { ...failure });
  }
  for (const stored of report.stored) log.info('sanctions list stored', { ...stored, files: stored.files.join(',') });
  return report;
}

/** The configured fetch (AWS: SANCTIONS_LIST_URLS into SANCTIONS_BUCKET); undefined when either is unset. */
export async function fetchConfiguredLists(config: Pick<Config, 'screening' | 'region'>) {
  const { listUrls, listsBucket } = config.screening;
  if (!listUrls || !listsBucket) return undefined;
  return fetchLists({ urls: parseListUrls(listUrls), store: bucketStore(listsBucket, config.region) });
}

/** The OFAC CSV set is one list; every other file is a list of its own. */
function groupsOf(names: string[]): string[][] {
  const ofac = names.filter((name) => OFAC_FILES.includes(name));
  const others = names.filter((name) => !OFAC_FILES.includes(name)).map((name) => [name]);
  return ofac.length > 0 ? [ofac, ...others] : others;
}

async function download(get: typeof fetch, url: string): Promise<string> {
  const response = await get(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_FILE_BYTES) throw new Error(`${length} bytes, more than ${MAX_FILE_BYTES}`);
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_FILE_BYTES) throw new Error(`${body.byteLength} bytes, more than ${MAX_FILE_BYTES}`);
  return new TextDecoder('utf-8').decode(body);
}
