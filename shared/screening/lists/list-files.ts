import { MalformedListError, type ParsedList, type SanctionsListName } from '#shared/screening/list-entries.ts';
import { EU_ROOT, parseEuConsolidated } from '#shared/screening/lists/eu-consolidated.ts';
import { OFAC_FILE_NAMES, parseOfacSdn } from '#shared/screening/lists/ofac-sdn.ts';
import { parseUnConsolidated, UN_ROOT } from '#shared/screening/lists/un-consolidated.ts';

/**
 * The list files found in one place (a folder locally, the bucket's `lists/` in AWS), read as the lists they are:
 * the OFAC CSV set by its file names (`sdn.csv` and its companions), any `.xml` by its root element (the UN's
 * `CONSOLIDATED_LIST`, the EU's `export`). Each list parses alone: one that fails is reported with its reason and
 * the others load.
 */
export type ListFailure = { list: SanctionsListName | undefined; file: string; reason: string };

export type ReadLists = { lists: ParsedList[]; failures: ListFailure[] };

const ROOT_ELEMENT = /^(?:\s|<\?[^>]*\?>|<!--[\s\S]*?-->)*<(?:[\w.-]+:)?([\w.-]+)/;

export function readListFiles(files: ReadonlyMap<string, string>): ReadLists {
  const lists: ParsedList[] = [];
  const failures: ListFailure[] = [];
  const attempt = (list: SanctionsListName | undefined, file: string, parse: () => ParsedList, from = [file]) => {
    try {
      lists.push({ ...parse(), files: from });
    } catch (error) {
      if (!(error instanceof MalformedListError)) throw error;
      failures.push({ list, file, reason: error.message });
    }
  };
  const byName = new Map([...files].map(([name, text]) => [baseName(name).toLowerCase(), text]));
  const sdn = byName.get(OFAC_FILE_NAMES.sdn);
  if (sdn !== undefined) {
    const ofacFiles: readonly string[] = Object.values(OFAC_FILE_NAMES);
    attempt(
      'OFAC_SDN',
      OFAC_FILE_NAMES.sdn,
      () =>
        parseOfacSdn({
          sdn,
          alt: byName.get(OFAC_FILE_NAMES.alt),
          add: byName.get(OFAC_FILE_NAMES.add),
          comments: byName.get(OFAC_FILE_NAMES.comments),
        }),
      [...files.keys()].filter((name) => ofacFiles.includes(baseName(name).toLowerCase())),
    );
  }
  for (const [name, text] of files) {
    if (!name.toLowerCase().endsWith('.xml')) continue;
    const root = ROOT_ELEMENT.exec(text.replace(/^\ufeff/, ''))?.[1];
    if (root === UN_ROOT) attempt('UN_CONSOLIDATED', name, () => parseUnConsolidated(text));
    else if (root === EU_ROOT) attempt('EU_CONSOLIDATED', name, () => parseEuConsolidated(text));
    else {
      failures.push({
        list: undefined,
        file: name,
        reason: `${name}: not a list this service reads (root element ${root ?? 'none'}; expected ${UN_ROOT} or ${EU_ROOT})`,
      });
    }
  }
  return { lists: dedupe(lists, failures), failures };
}

/** Two files of one list (two UN files, say) are one too many: the list is in doubt, so neither is taken. */
function dedupe(lists: ParsedList[], failures: ListFailure[]): ParsedList[] {
  const counts = new Map<SanctionsListName, number>();
  for (const { list } of lists) counts.set(list, (counts.get(list) ?? 0) + 1);
  for (const [list, count] of counts) {
    if (count > 1) failures.push({ list, file: '', reason: `${count} files of the ${list} list: keep one` });
  }
  return lists.filter(({ list }) => counts.get(list) === 1);
}

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
