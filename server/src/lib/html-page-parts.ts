/**
 * A small, linear HTML reader for pages fetched by lib/safe-fetch.ts (listing pages): the <meta> tags (Open Graph, Twitter, plain name=), the <title>, and
 * the JSON-LD scripts. Written by hand with indexOf scans rather than regexes over the page: every character is looked
 * at a bounded number of times, so a hostile 2 MB page (unclosed tags, quotes, comments) costs linear time.
 */

export interface TPageParts {
  /** Lower-cased property / name / itemprop → the first content seen. */
  metas: Map<string, string>;
  title: string | null;
  jsonLd: unknown[];
}

const MAX_METAS = 500;
const MAX_JSON_LD = 20;
/** A listing's JSON-LD is a few KB; a bigger block is skipped rather than parsed. */
const MAX_JSON_LD_CHARS = 256 * 1024;
/** Tag-name characters: letters, digits, `:`, `_`, `-` (char codes: no regex per character on a 2 MB page). */
function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 58) || code === 95 || code === 45;
}
/** HTML's ASCII whitespace. */
function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}
const GT = 62;
const EQ = 61;
const SLASH = 47;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  copy: '©',
  reg: '®',
};

/** HTML character references in text or an attribute (the common named ones and all numeric ones). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The index of the closing tag `</name` (any case) at or after `from`, or -1. */
function indexOfClosing(html: string, name: string, from: number): number {
  let i = from;
  for (;;) {
    const at = html.indexOf('</', i);
    if (at < 0) return -1;
    if (html.slice(at + 2, at + 2 + name.length).toLowerCase() === name) return at;
    i = at + 2;
  }
}

/** Reads the attributes of a tag from `from` (just after its name) up to its `>`; null when the page ends first. */
function readAttributes(html: string, from: number): { attrs: Map<string, string>; end: number } | null {
  const attrs = new Map<string, string>();
  let i = from;
  const n = html.length;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === GT) return { attrs, end: i + 1 };
    if (isSpace(c) || c === SLASH) {
      i++;
      continue;
    }
    const nameStart = i;
    for (let k = html.charCodeAt(i); i < n && !isSpace(k) && k !== EQ && k !== GT && k !== SLASH; k = html.charCodeAt(++i));
    const name = html.slice(nameStart, i).toLowerCase();
    while (i < n && isSpace(html.charCodeAt(i))) i++;
    if (html.charCodeAt(i) !== EQ) {
      if (name && !attrs.has(name)) attrs.set(name, '');
      continue;
    }
    i++;
    while (i < n && isSpace(html.charCodeAt(i))) i++;
    let value: string;
    const q = html[i];
    if (q === '"' || q === "'") {
      const close = html.indexOf(q, i + 1);
      if (close < 0) return null;
      value = html.slice(i + 1, close);
      i = close + 1;
    } else {
      const start = i;
      for (let k = html.charCodeAt(i); i < n && !isSpace(k) && k !== GT; k = html.charCodeAt(++i));
      value = html.slice(start, i);
    }
    if (name && !attrs.has(name)) attrs.set(name, decodeEntities(value));
  }
  return null;
}

/** Splits the page into what listing data is read from (see the file comment). */
export function readPageParts(html: string): TPageParts {
  const parts: TPageParts = { metas: new Map(), title: null, jsonLd: [] };
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    let j = lt + 1;
    if (html[j] === '/') {
      const gt = html.indexOf('>', j);
      if (gt < 0) break;
      i = gt + 1;
      continue;
    }
    while (j < html.length && isNameChar(html.charCodeAt(j))) j++;
    const tag = html.slice(lt + 1, j).toLowerCase();
    if (tag === '') {
      i = lt + 1;
      continue;
    }
    const read = readAttributes(html, j);
    if (!read) break;
    i = read.end;
    if (tag === 'meta' && parts.metas.size < MAX_METAS) {
      const key = (read.attrs.get('property') ?? read.attrs.get('name') ?? read.attrs.get('itemprop') ?? '').trim().toLowerCase();
      const content = read.attrs.get('content');
      if (key && content !== undefined && !parts.metas.has(key)) parts.metas.set(key, content);
    } else if (tag === 'title' || tag === 'script' || tag === 'style' || tag === 'textarea') {
      // Raw-text elements: their content is not markup (a script's "<meta" is no meta tag).
      const close = indexOfClosing(html, tag, i);
      if (close < 0) break;
      const text = html.slice(i, close);
      if (tag === 'title' && parts.title === null) parts.title = decodeEntities(text);
      if (tag === 'script' && /ld\+json/i.test(read.attrs.get('type') ?? '') && parts.jsonLd.length < MAX_JSON_LD && text.length <= MAX_JSON_LD_CHARS) {
        try {
          parts.jsonLd.push(JSON.parse(text.trim()));
        } catch {
          // A broken block is skipped; the others still count.
        }
      }
      i = close + 2;
    }
  }
  return parts;
}
