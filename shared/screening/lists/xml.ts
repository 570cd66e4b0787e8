import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MalformedListError } from '#shared/screening/list-entries.ts';

/** A DOCTYPE can declare entities (external ones read files or fetch URLs): no sanctions list needs one. */
const DOCTYPE = /<!DOCTYPE/i;

export type XmlNode = Record<string, unknown>;

/**
 * A list's XML, parsed once refused what no list needs (a DOCTYPE: refused before any parser sees the text, so no
 * entity is declared, expanded or fetched) and checked well-formed. Namespace prefixes are removed; attributes are
 * `@name`; `arrays` names the elements that repeat.
 */
export function parseListXml(xml: string, what: string, arrays: ReadonlySet<string>): XmlNode {
  const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  if (DOCTYPE.test(text)) throw new MalformedListError(`${what}: a DOCTYPE is not accepted in a sanctions list`);
  const wellFormed = XMLValidator.validate(text);
  if (wellFormed !== true) {
    throw new MalformedListError(`${what}: not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
  }
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text) as XmlNode;
}

export const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;

/** An element's text (`#text` when it has attributes), or the empty string. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim();
  return '';
}

export const nodes = (value: unknown): XmlNode[] => (Array.isArray(value) ? value.filter(isNode) : []);
