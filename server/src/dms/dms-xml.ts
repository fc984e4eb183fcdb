import { XMLParser } from 'fast-xml-parser';

/** A parsed XML element: child elements by local name, attributes as `@_name`, mixed text as `#text`. */
export type TXmlNode = { [name: string]: TXmlValue };
export type TXmlValue = string | TXmlNode | TXmlValue[];

export class XmlRefusedError extends Error {}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references, nothing else (no DTD entity ever expands). */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? whole;
  });
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&${Object.entries(PREDEFINED).find(([, v]) => v === c)?.[0]};`);
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Vendor "numbers" keep their leading zeros (zip codes, customer keys): every value stays a string.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entity expansion is off entirely (billion laughs, external entities); the safe subset is decoded below.
  processEntities: false,
  htmlEntities: false,
  tagValueProcessor: (_name, value) => decodeXmlText(value),
  attributeValueProcessor: (_name, value) => decodeXmlText(value),
  maxNestedTags: 64,
});

/**
 * Parses a vendor answer. A document type declaration is refused outright: SOAP forbids it (SOAP 1.1 §3), so one in
 * an answer is either a broken proxy page or hostile, and refusing it is simpler than trusting any parser with DTDs.
 */
export function parseXml(xml: string): TXmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmlRefusedError('the answer contains a document type declaration');
  return parser.parse(xml) as TXmlNode;
}

export function isXmlNode(v: TXmlValue | undefined): v is TXmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A child element that may occur once or many times, always as a list (the parser gives "arrays of one" as an object). */
export function xmlList(node: TXmlValue | undefined, name: string): TXmlNode[] {
  if (!isXmlNode(node)) return [];
  const v = node[name];
  const items = v === undefined ? [] : Array.isArray(v) ? v : [v];
  return items.map((item) => (isXmlNode(item) ? item : { '#text': item as string }));
}

export function xmlChild(node: TXmlValue | undefined, name: string): TXmlNode | undefined {
  return xmlList(node, name)[0];
}

/** An element's text; empty elements (`<X />`) and missing ones give ''. */
export function xmlText(node: TXmlValue | undefined, name: string): string {
  if (!isXmlNode(node)) return '';
  const v = node[name];
  const first = Array.isArray(v) ? v[0] : v;
  if (typeof first === 'string') return first;
  if (isXmlNode(first) && typeof first['#text'] === 'string') return first['#text'];
  return '';
}

/** Depth-first search for the first element with this local name. */
export function findXml(node: TXmlValue | undefined, name: string): TXmlNode | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const hit = findXml(item, name);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!isXmlNode(node)) return undefined;
  if (name in node) return xmlChild(node, name);
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    const hit = findXml(value, name);
    if (hit) return hit;
  }
  return undefined;
}

/** Every element with this local name anywhere in the tree (vendors put `<Error>` at several depths). */
export function findAllXml(node: TXmlValue | undefined, name: string, out: TXmlNode[] = []): TXmlNode[] {
  if (Array.isArray(node)) {
    for (const item of node) findAllXml(item, name, out);
    return out;
  }
  if (!isXmlNode(node)) return out;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text') continue;
    if (key === name) out.push(...xmlList(node, name));
    else findAllXml(value, name, out);
  }
  return out;
}
