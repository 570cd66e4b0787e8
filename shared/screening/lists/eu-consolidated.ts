import type { ListEntry, ParsedList } from '#shared/screening/list-entries.ts';
import { MalformedListError } from '#shared/screening/list-entries.ts';
import { isNode, nodes, parseListXml, textOf, type XmlNode } from '#shared/screening/lists/xml.ts';

/**
 * The EU Consolidated Financial Sanctions List in its XML (the Financial Sanctions Files' `export` format, namespace
 * `http://eu.europa.ec/fpi/fsd/export`): `export` (attributes `generationDate` and `globalFileId`, the version)
 * holds `sanctionEntity` elements (attributes `logicalId`, the entry's id, and `euReferenceNumber`), each with
 * `subjectType` (`code` `person` or `enterprise`), `regulation` (`programme`) and `nameAlias` elements (`wholeName`,
 * or `firstName` `middleName` `lastName`; `strong`). The first name alias is the entry's name, the rest its aliases.
 */
export const EU_ROOT = 'export';

const ARRAYS = new Set(['sanctionEntity', 'nameAlias', 'regulation']);
const WHAT = 'EU consolidated list';

export function parseEuConsolidated(xml: string): ParsedList {
  const root = parseListXml(xml, WHAT, ARRAYS)[EU_ROOT];
  if (!isNode(root)) throw new MalformedListError(`${WHAT}: no ${EU_ROOT} element`);
  const generated = textOf(root['@generationDate']);
  if (!generated) throw new MalformedListError(`${WHAT}: ${EU_ROOT} has no generationDate`);
  const fileId = textOf(root['@globalFileId']);
  const entries = nodes(root.sanctionEntity).map(entry);
  if (entries.length === 0) throw new MalformedListError(`${WHAT}: no sanctionEntity`);
  return { list: 'EU_CONSOLIDATED', version: fileId ? `${generated} (file ${fileId})` : generated, entries };
}

function entry(node: XmlNode, index: number): ListEntry {
  const entryId = textOf(node['@logicalId']) || textOf(node['@euReferenceNumber']);
  if (!entryId) throw new MalformedListError(`${WHAT}: sanctionEntity ${index + 1} has no logicalId`);
  const names = nodes(node.nameAlias).map(nameOf).filter(Boolean);
  const [name, ...aliases] = names;
  if (!name) throw new MalformedListError(`${WHAT}: sanctionEntity ${entryId} has no nameAlias with a name`);
  const subject = isNode(node.subjectType) ? textOf(node.subjectType['@code']) : '';
  return {
    list: 'EU_CONSOLIDATED',
    entryId,
    name,
    kind: subject === 'person' ? 'individual' : 'entity',
    programs: [
      ...new Set(
        nodes(node.regulation)
          .map((r) => textOf(r['@programme']))
          .filter(Boolean),
      ),
    ],
    aliases: [...new Set(aliases)].filter((alias) => alias !== name),
    addresses: [],
  };
}

function nameOf(alias: XmlNode): string {
  const whole = textOf(alias['@wholeName']);
  if (whole) return whole;
  return ['@firstName', '@middleName', '@lastName']
    .map((part) => textOf(alias[part]))
    .filter(Boolean)
    .join(' ');
}
