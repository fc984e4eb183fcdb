import { KEYWORD_ALPHABET, KEYWORD_MAX_LENGTH, KEYWORD_MIN_LENGTH, isKeywordName } from '@cd/contracts/listings';
import { renderModifiers, type TModifierField, type TModifierValues } from '@cd/contracts/message-modifiers';
import { formatCents } from '@cd/contracts/money';

/**
 * How an inbound text is read for real estate (docs/leads.md): a listing's keyword, a listing's page
 * address, or something that only looks like a keyword attempt. Pure functions: the inbound reaction does the lookups.
 */

/** Only the start of a long text is read: a keyword is its first word and a pasted address is near the top. */
const READ_MAX = 2000;
const URLS_MAX = 3;

/** Leading and trailing punctuation and symbols ("HOUSE12!", "'HOUSE12'", "#HOUSE12") are not part of a keyword. */
function trimPunctuation(value: string): string {
  return value.replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');
}

/**
 * The keywords a text may name, upper-case: the whole text trimmed of punctuation ("house12.") and its first word
 * ("house12 is it still available?"). Only candidates that are valid keyword names (KEYWORD_ALPHABET, 3–12) are
 * returned, so a lookup never runs for ordinary words.
 */
export function keywordCandidatesOf(body: string | null | undefined): string[] {
  const text = (body ?? '').slice(0, READ_MAX).trim();
  if (!text) return [];
  const whole = trimPunctuation(text).toUpperCase();
  const first = trimPunctuation(text.split(/\s+/, 1)[0] ?? '').toUpperCase();
  return [...new Set([whole, first])].filter((c) => c !== '' && isKeywordName(c));
}

/**
 * Common short replies spelled with the keyword alphabet (no O, I, L, S, Z, B), typed in capitals: never a keyword
 * attempt, so they never get the "unknown property" answer.
 */
const EVERYDAY_WORDS = new Set([
  'HEY',
  'YEA',
  'YEAH',
  'YEP',
  'YUP',
  'NAH',
  'THX',
  'THANK',
  'THAN',
  'TY',
  'WHAT',
  'WHEN',
  'WHY',
  'HUH',
  'AHA',
  'NEED',
  'CAN',
  'CANT',
  'WANT',
  'CHECK',
  'DEAL',
  'MAYBE',
  'HAHA',
  'ANY',
  'FREE',
  'DONE',
  'MEET',
  'CALL',
  'NEXT',
  'PHONE',
  'NAME',
  'PRICE',
  'TEXT',
  'HERE',
  'THERE',
  'WHERE',
  'NEW',
  'KEY',
]);
const ALPHABET_RE = new RegExp(`^[${KEYWORD_ALPHABET}]{${KEYWORD_MIN_LENGTH},${KEYWORD_MAX_LENGTH}}$`);

/**
 * A text that looks like someone typing a keyword (the rule of the "unknown property" answer): the whole text,
 * trimmed of punctuation, is one token of 3–12 characters of the keyword alphabet (case-insensitive), typed in
 * capitals or holding a digit (how keywords are printed on signs), and not an everyday word. Ordinary conversation
 * ("ok", "yes please", "Thanks!", "hey") never matches: most words hold a letter outside the alphabet (O, I, L, S, Z, B).
 */
export function looksLikeKeywordAttempt(body: string | null | undefined): boolean {
  const token = trimPunctuation((body ?? '').slice(0, READ_MAX));
  if (!token || /\s/.test(token)) return false;
  const upper = token.toUpperCase();
  if (!ALPHABET_RE.test(upper)) return false;
  if (token !== upper && !/\d/.test(token)) return false;
  return !EVERYDAY_WORDS.has(upper);
}

/** Web addresses in a text (`https://…`, `http://…`, `www.…`), at most three, trailing punctuation dropped. */
export function urlsOf(body: string | null | undefined): string[] {
  const text = (body ?? '').slice(0, READ_MAX);
  const found = text.match(/\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi) ?? [];
  const urls = found.map((u) => u.replace(/[.,;:!?)\]}]+$/, '')).map((u) => (/^www\./i.test(u) ? `https://${u}` : u));
  return [...new Set(urls)].slice(0, URLS_MAX);
}

/** A listing's price as a text shows it: whole dollars without cents ("$450,000"), "N/A" when not set. */
export function listingPriceText(cents: number | null): string {
  const text = formatCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

export interface TListingTextValues {
  customerName: string;
  companyName: string;
  listing?: { name: string; url: string; priceCents: number | null; agentName: string | null } | null;
}

/**
 * A real-estate setting's text with its modifiers filled (contracts' renderModifiers, the automated-message engine's
 * renderer): `{customer_name}`, `{company_name}`, and for listing texts `{listing_name}`, `{listing_url}`,
 * `{listing_price}`, `{agent_name}` (the company name when the listing has no agent). Null when the text is empty or
 * cannot be rendered (an unknown `{token}`): nothing is sent rather than a text with a hole.
 */
export function renderListingText(opts: { field: TModifierField; text: unknown; values: TListingTextValues }): string | null {
  if (typeof opts.text !== 'string' || opts.text.trim() === '') return null;
  const v = opts.values;
  const values: TModifierValues = {
    customerName: v.customerName || 'there',
    companyName: v.companyName,
    listingName: v.listing?.name ?? null,
    listingUrl: v.listing?.url ?? null,
    listingPrice: v.listing ? listingPriceText(v.listing.priceCents) : null,
    agentName: v.listing ? v.listing.agentName || v.companyName : null,
  };
  const rendered = renderModifiers({ text: opts.text, field: opts.field, values });
  return rendered.ok ? rendered.text : null;
}
