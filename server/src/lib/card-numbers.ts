/**
 * Finds payment card numbers in free text (a customer typing their card into a conversation, a vendor echoing one
 * in an error) and masks them to "•••• 1234" before the text is stored, shown or logged (issue 17, PCI: our server
 * never keeps a card number).
 *
 * What counts as a card: 13–19 digits written as one block or as groups separated by spaces or dashes, starting
 * with 2–6 (the issuer ranges of Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay) and passing the Luhn
 * check. Phone numbers, dates and order numbers stay as written: they are shorter, start elsewhere, or fail Luhn.
 * A single block of more than 19 digits is no card (a tracking or reference number) and is left alone; nor are
 * groups shorter than 3 digits ("1 2 3 4 …" is a list).
 *
 * The scan is a hand-written single pass (no regular expression backtracking): hostile input such as a
 * megabyte of digits separated by spaces costs O(n × 19).
 */

export const CARD_MASK_PREFIX = '•••• ';

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
/** At most this many separator characters between two groups ("4111 - 1111" is still one number). */
const MAX_SEPARATOR_RUN = 3;
const MIN_GROUP_DIGITS = 3;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isSeparator(code: number): boolean {
  // space, dash, non-breaking space, en dash
  return code === 32 || code === 45 || code === 0xa0 || code === 0x2013;
}

/** Luhn over the digit characters of `digits` (a string of 0-9 only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** true when `digits` looks like a card number: length, issuer range and Luhn. */
export function isCardNumber(digits: string): boolean {
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || !/^\d+$/.test(digits)) return false;
  const first = digits.charCodeAt(0) - 48;
  return first >= 2 && first <= 6 && passesLuhn(digits);
}

interface TGroup {
  start: number;
  end: number; // exclusive
}

/** One run of digit groups joined by short separators, as character ranges. */
function collectRun(text: string, from: number): { groups: TGroup[]; next: number } {
  const groups: TGroup[] = [];
  let i = from;
  for (;;) {
    const start = i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    groups.push({ start, end: i });
    let j = i;
    while (j < text.length && j - i < MAX_SEPARATOR_RUN && isSeparator(text.charCodeAt(j))) j++;
    if (j === i || j >= text.length || !isDigit(text.charCodeAt(j))) return { groups, next: i };
    i = j;
  }
}

/**
 * The card numbers in one run: spans of whole groups, leftmost first, longest first at each start
 * ("4111 1111 1111 1111 0927 123" holds a card followed by an expiry and a code).
 */
function findInRun(text: string, groups: TGroup[]): TGroup[] {
  const found: TGroup[] = [];
  let g = 0;
  while (g < groups.length) {
    let best = -1;
    let digits = '';
    for (let last = g; last < groups.length; last++) {
      const { start, end } = groups[last]!;
      // Cards are written in groups of 3 or more ("4111 1111…", Amex 4-6-5): "1 2 3 4…" is a list, not a card.
      if (end - start < MIN_GROUP_DIGITS) break;
      digits += text.slice(start, end);
      if (digits.length > MAX_DIGITS) break;
      if (digits.length >= MIN_DIGITS && isCardNumber(digits)) best = last;
    }
    if (best >= 0) {
      found.push({ start: groups[g]!.start, end: groups[best]!.end });
      g = best + 1;
    } else g++;
  }
  return found;
}

/** Character ranges of every card number in `text`, in order. */
export function findCardNumbers(text: string): Array<{ start: number; end: number; last4: string }> {
  const out: Array<{ start: number; end: number; last4: string }> = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text.charCodeAt(i)) || (i > 0 && isDigit(text.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    const { groups, next } = collectRun(text, i);
    for (const span of findInRun(text, groups)) {
      const digits = text.slice(span.start, span.end).replace(/\D/g, '');
      out.push({ ...span, last4: digits.slice(-4) });
    }
    i = Math.max(next, i + 1);
  }
  return out;
}

/** `text` with every card number replaced by "•••• 1234"; `masked` counts them (0 = text returned unchanged). */
export function maskCardNumbers(text: string): { text: string; masked: number } {
  const found = findCardNumbers(text);
  if (found.length === 0) return { text, masked: 0 };
  let out = '';
  let at = 0;
  for (const f of found) {
    out += text.slice(at, f.start) + CARD_MASK_PREFIX + f.last4;
    at = f.end;
  }
  return { text: out + text.slice(at), masked: found.length };
}
