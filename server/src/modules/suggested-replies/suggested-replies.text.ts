/**
 * The text rules of suggested replies (docs/suggested-replies.md), pure so they are tested on their own: ranking,
 * near-duplicate removal and the privacy rule that a past reply never carries the previous customer's name.
 */

/** Recency half-weight: a reply this many days old counts its recency part half. */
const RECENCY_DAYS = 90;
/** Two replies at least this similar (trigram Jaccard) are one suggestion. */
export const DUPLICATE_SIMILARITY = 0.8;

/** Similarity of the questions dominates; recency and the agent's own replies nudge ties. */
export function scoreOf(opts: { similarity: number; ageDays: number; own: boolean }): number {
  const recency = Math.pow(0.5, Math.max(0, opts.ageDays) / RECENCY_DAYS);
  const score = opts.similarity * (0.8 + 0.2 * recency) * (opts.own ? 1.05 : 1);
  return Math.round(Math.min(1, score) * 1000) / 1000;
}

/** pg_trgm's trigrams: lower-cased words, each padded with two spaces before and one after. */
export function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

export function textSimilarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  if (ta.size === 0 || tb.size === 0) return a.trim() === b.trim() ? 1 : 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole word (letters/digits around it are not), case-insensitive, Unicode-aware. */
const wordRe = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu');
const digitsOf = (s: string) => s.replace(/\D/g, '');

export interface TPerson {
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * A past reply made fit for the current customer, or null when it cannot be without leaking the previous one:
 * the previous customer's first name becomes the current one's (skipped when the current customer has no first name);
 * a reply naming the previous customer's last name or phone number is never offered. Replies to the same customer
 * are kept as they are.
 */
export function personalise(opts: { text: string; previous: TPerson; current: TPerson; sameCustomer: boolean }): string | null {
  if (opts.sameCustomer) return opts.text;
  const { previous, current } = opts;
  let text = opts.text;
  const last = previous.lastName.trim();
  if (last.length >= 2 && wordRe(last).test(text)) return null;
  const phoneDigits = digitsOf(previous.phone);
  if (phoneDigits.length >= 6) {
    const local = phoneDigits.slice(-7);
    if (digitsOf(text).includes(local)) return null;
  }
  const first = previous.firstName.trim();
  if (first.length >= 2 && wordRe(first).test(text)) {
    const replacement = current.firstName.trim();
    if (!replacement) return null;
    text = text.replace(wordRe(first), replacement);
  }
  return text;
}

/** Keeps the first (best) of near-identical texts; input is best first. */
export function dedupe<T extends { text: string }>(items: readonly T[]): T[] {
  const kept: T[] = [];
  for (const item of items) if (!kept.some((k) => textSimilarity(k.text, item.text) >= DUPLICATE_SIMILARITY)) kept.push(item);
  return kept;
}
