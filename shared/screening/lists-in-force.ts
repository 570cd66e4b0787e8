import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LIST_TITLES, type ParsedList, type SanctionsListName } from '#shared/screening/list-entries.ts';
import { type ListFailure, readListFiles } from '#shared/screening/lists/list-files.ts';
import { ScreeningIndex } from '#shared/screening/screening-index.ts';

/**
 * Where the list files are: a folder locally, the bucket's newest objects in AWS. `fingerprint` is cheap (a
 * listing: names, sizes, times or ETags) and changes whenever a file does; `read` takes every file's text.
 */
export type ListSource = {
  readonly describe: string;
  fingerprint(): Promise<string>;
  read(): Promise<Map<string, string>>;
  /** When each file was last written (its newest version's), by the names `read` gives. */
  modified(): Promise<Map<string, Date>>;
};

/** The files of one folder (not its subfolders); a missing folder holds none. */
export function directorySource(dir: string): ListSource {
  const files = async () => {
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const found = await Promise.all(
      names.filter((name) => !name.startsWith('.')).map(async (name) => ({ name, info: await stat(join(dir, name)) })),
    );
    return found.filter(({ info }) => info.isFile());
  };
  return {
    describe: dir,
    fingerprint: async () =>
      (await files())
        .map(({ name, info }) => `${name}:${info.size}:${info.mtimeMs}`)
        .sort()
        .join('|'),
    read: async () =>
      new Map(
        await Promise.all(
          (await files()).map(async ({ name }) => [name, await readFile(join(dir, name), 'utf8')] as [string, string]),
        ),
      ),
    modified: async () => new Map((await files()).map(({ name, info }) => [name, info.mtime])),
  };
}

/** One list as it is in force: its version and how many entries and names it has. */
export type ListInForce = { list: SanctionsListName; title: string; version: string; entries: number; source: string };

/** What a load changed: lists of a version not in force before, and lists whose files failed (kept as they were). */
export type ListChange = { loaded: ParsedList[]; failures: ListFailure[] };

/**
 * The lists in force in this process, with their index. Looked at again at most every `refreshSeconds` (on the
 * screening path: the look is a listing); when the files changed, every list is read again. A list that parses
 * replaces its previous version; a list that fails keeps its previous version in force (none, if it never
 * loaded) and is reported to `onChange` with its reason, as is every list of a version not seen before.
 */
export class ListsInForce {
  private inForce = new Map<SanctionsListName, ParsedList>();
  private index = new ScreeningIndex([]);
  private seen: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;
  failures: ListFailure[] = [];

  constructor(
    private readonly source: ListSource | undefined,
    private readonly options: {
      refreshSeconds: number;
      onChange?: (change: ListChange) => void | Promise<void>;
      nowMs?: () => number;
    },
  ) {}

  /** The index of the lists in force, after a look at the files if the last is older than the refresh interval. */
  async current(): Promise<ScreeningIndex> {
    const now = (this.options.nowMs ?? Date.now)();
    if (now - this.checkedAt >= this.options.refreshSeconds * 1000) {
      this.checkedAt = now;
      this.loading ??= this.load().finally(() => {
        this.loading = undefined;
      });
    }
    if (this.loading) await this.loading;
    return this.index;
  }

  /** Looks at the files now, whatever the interval. */
  async reload(): Promise<ScreeningIndex> {
    this.checkedAt = Number.NEGATIVE_INFINITY;
    return this.current();
  }

  lists(): ListInForce[] {
    return [...this.inForce.values()].map(({ list, version, entries }) => ({
      list,
      title: LIST_TITLES[list],
      version,
      entries: entries.length,
      source: this.source?.describe ?? 'none',
    }));
  }

  private async load() {
    if (!this.source) return;
    const fingerprint = await this.source.fingerprint();
    if (fingerprint === this.seen) return;
    const { lists, failures } = readListFiles(await this.source.read());
    this.seen = fingerprint;
    const loaded = lists.filter((list) => this.inForce.get(list.list)?.version !== list.version);
    for (const list of loaded) this.inForce.set(list.list, list);
    if (loaded.length > 0) this.index = new ScreeningIndex([...this.inForce.values()]);
    this.failures = failures;
    if (loaded.length > 0 || failures.length > 0) await this.options.onChange?.({ loaded, failures });
  }
}
