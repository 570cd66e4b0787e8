import type { EntryKind, ListEntry, ParsedList } from '#shared/screening/list-entries.ts';
import { MalformedListError } from '#shared/screening/list-entries.ts';
import { isNode, nodes, parseListXml, textOf, type XmlNode } from '#shared/screening/lists/xml.ts';

/**
 * The UN Security Council Consolidated List in its XML (`consolidated.xml`, schema `consolidated.xsd`):
 * `CONSOLIDATED_LIST` (attribute `dateGenerated`, the version) holds `INDIVIDUALS/INDIVIDUAL` and
 * `ENTITIES/ENTITY`. Each has `REFERENCE_NUMBER` (the entry's id, `QDi.001`), the name in `FIRST_NAME`,
 * `SECOND_NAME`, `THIRD_NAME`, `FOURTH_NAME` (an entity's whole name in `FIRST_NAME`), `NAME_ORIGINAL_SCRIPT`,
 * `UN_LIST_TYPE` (the regime), and aliases in `INDIVIDUAL_ALIAS` / `ENTITY_ALIAS` (`QUALITY`, `ALIAS_NAME`).
 * Aliases the UN rates `Low` quality (a partial or doubtful name) are not screened: they would hit common names.
 */
export const UN_ROOT = 'CONSOLIDATED_LIST';

const ARRAYS = new Set(['INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS']);
const WHAT = 'UN consolidated list';

export function parseUnConsolidated(xml: string): ParsedList {
  const root = parseListXml(xml, WHAT, ARRAYS)[UN_ROOT];
  if (!isNode(root)) throw new MalformedListError(`${WHAT}: no ${UN_ROOT} element`);
  const version = textOf(root['@dateGenerated']);
  if (!version) throw new MalformedListError(`${WHAT}: ${UN_ROOT} has no dateGenerated`);
  const individuals = isNode(root.INDIVIDUALS) ? nodes(root.INDIVIDUALS.INDIVIDUAL) : [];
  const entities = isNode(root.ENTITIES) ? nodes(root.ENTITIES.ENTITY) : [];
  const entries = [
    ...individuals.map((node, i) => entry(node, 'individual', `INDIVIDUAL ${i + 1}`, 'INDIVIDUAL_ALIAS')),
    ...entities.map((node, i) => entry(node, 'entity', `ENTITY ${i + 1}`, 'ENTITY_ALIAS')),
  ];
  if (entries.length === 0) throw new MalformedListError(`${WHAT}: no INDIVIDUAL or ENTITY`);
  return { list: 'UN_CONSOLIDATED', version, entries };
}

function entry(node: XmlNode, kind: EntryKind, where: string, aliasElement: string): ListEntry {
  const entryId = textOf(node.REFERENCE_NUMBER) || textOf(node.DATAID);
  if (!entryId) throw new MalformedListError(`${WHAT}: ${where} has no REFERENCE_NUMBER`);
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((part) => textOf(node[part]))
    .filter(Boolean)
    .join(' ');
  if (!name) throw new MalformedListError(`${WHAT}: ${where} (${entryId}) has no name`);
  const aliases = nodes(node[aliasElement])
    .filter((alias) => textOf(alias.QUALITY).toLowerCase() !== 'low')
    .map((alias) => textOf(alias.ALIAS_NAME))
    .filter(Boolean);
  const original = textOf(node.NAME_ORIGINAL_SCRIPT);
  return {
    list: 'UN_CONSOLIDATED',
    entryId,
    name,
    kind,
    programs: [textOf(node.UN_LIST_TYPE)].filter(Boolean),
    aliases: original ? [...aliases, original] : aliases,
    addresses: [],
  };
}
