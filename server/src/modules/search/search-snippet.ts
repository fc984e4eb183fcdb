import type { TSearchSnippet } from '@cd/contracts/search';

/** Characters of context a snippet keeps; longer texts are cut around the first hit with an ellipsis. */
export const SNIPPET_LENGTH = 160;
const LEAD = 40;
const ELLIPSIS = '…';

/**
 * Marks the words of `text` that the search matched, the way the database's 'simple' configuration matched them:
 * whole words, case-insensitive, the last search word also as a prefix. Returns plain text and ranges: the client
 * renders text nodes, so a message holding markup can never become markup.
 */
export function highlightWords(opts: { text: string; terms: string[]; prefixLast: boolean; length?: number }): TSearchSnippet {
  const { text } = opts;
  const terms = opts.terms.map((t) => t.toLocaleLowerCase());
  const last = opts.prefixLast ? terms.at(-1) : undefined;
  const ranges: Array<[number, number]> = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = m[0].toLocaleLowerCase();
    if (terms.includes(word) || (last !== undefined && word.startsWith(last))) ranges.push([m.index, m.index + m[0].length]);
  }
  return cut({ text, ranges, length: opts.length ?? SNIPPET_LENGTH });
}

/** Marks the digits of `phone` that hold `digits` (`+1 (555) 010-0123` with `5550100`). */
export function highlightPhone(opts: { phone: string; digits: string }): TSearchSnippet {
  const { phone, digits } = opts;
  const positions: number[] = [];
  for (let i = 0; i < phone.length; i++) if (phone[i]! >= '0' && phone[i]! <= '9') positions.push(i);
  const at = positions
    .map((p) => phone[p])
    .join('')
    .indexOf(digits);
  if (at < 0 || digits.length === 0) return { text: phone, highlights: [] };
  return { text: phone, highlights: [[positions[at]!, positions[at + digits.length - 1]! + 1]] };
}

/** Keeps a window of `length` characters around the first range, shifting the ranges into it. */
function cut(opts: { text: string; ranges: Array<[number, number]>; length: number }): TSearchSnippet {
  const { text, ranges, length } = opts;
  if (text.length <= length) return { text, highlights: ranges };
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, Math.min(first - LEAD, text.length - length));
  // Start on a word boundary when one is near.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    if (space >= 0 && start - space < 15) start = space + 1;
  }
  const end = Math.min(text.length, start + length);
  const head = start > 0 ? ELLIPSIS : '';
  const tail = end < text.length ? ELLIPSIS : '';
  const shift = head.length - start;
  const highlights = ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift] as [number, number]);
  return { text: head + text.slice(start, end) + tail, highlights };
}
