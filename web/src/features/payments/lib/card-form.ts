/**
 * The simulator's card form (public payment page): what the customer types, checked in the browser the way hosted
 * card fields check it, so an obvious typo is caught before anything is sent. The card goes to the tokenise step
 * only (never to the charge, never stored); these helpers keep no copy either.
 */

export type TCardBrandGuess = 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';

export interface TCardDraft {
  number: string;
  /** As typed: "MM/YY" (the field inserts the slash). */
  expiry: string;
  cvc: string;
  /** Optional: where the receipt goes. */
  email: string;
}

export type TCardField = keyof TCardDraft;

/** Message keys of the catalogue, per field. */
export type TCardFieldError =
  | 'card_number_required'
  | 'card_number_invalid'
  | 'card_expiry_required'
  | 'card_expiry_invalid'
  | 'card_expiry_past'
  | 'card_cvc_required'
  | 'card_cvc_invalid'
  | 'card_email_invalid';

export const EMPTY_CARD_DRAFT: TCardDraft = { number: '', expiry: '', cvc: '', email: '' };

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** The issuer ranges a customer can tell apart (the same ranges the server's simulator uses). */
export function cardBrandOf(number: string): TCardBrandGuess {
  const d = digitsOf(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^6(011|5|4[4-9])/.test(d)) return 'discover';
  return 'other';
}

/** Luhn check digit (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

const MAX_CARD_DIGITS = 19;

/** Groups as printed on the card: Amex 4-6-5, others by fours; at most 19 digits are kept. */
export function formatCardNumberInput(value: string): string {
  const d = digitsOf(value).slice(0, MAX_CARD_DIGITS);
  if (cardBrandOf(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "122" → "1", "12/", "12/2": the slash comes by itself; a lone "2"–"9" month becomes "02/". */
export function formatExpiryInput(value: string, previous = ''): string {
  // Deleting the slash deletes it, not re-adds it.
  if (previous.endsWith('/') && value === previous.slice(0, -1)) return value;
  let d = digitsOf(value).slice(0, 4);
  if (d.length === 1 && d > '1') d = `0${d}`;
  if (d.length < 2) return d;
  return `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** "MM/YY" → month and four-digit year, or null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpiryPast(expiry: { month: number; year: number }, now: Date): boolean {
  const y = now.getFullYear();
  const mo = now.getMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < mo);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every field's first problem; an empty object means the form can be sent. */
export function validateCardDraft(draft: TCardDraft, now: Date): Partial<Record<TCardField, TCardFieldError>> {
  const errors: Partial<Record<TCardField, TCardFieldError>> = {};
  const number = digitsOf(draft.number);
  if (!number) errors.number = 'card_number_required';
  else if (number.length < 13 || number.length > MAX_CARD_DIGITS || !luhnValid(number)) errors.number = 'card_number_invalid';
  if (!draft.expiry.trim()) errors.expiry = 'card_expiry_required';
  else {
    const expiry = parseExpiry(draft.expiry);
    if (!expiry) errors.expiry = 'card_expiry_invalid';
    else if (isExpiryPast(expiry, now)) errors.expiry = 'card_expiry_past';
  }
  const cvc = draft.cvc.trim();
  if (!cvc) errors.cvc = 'card_cvc_required';
  else if (!/^\d+$/.test(cvc) || cvc.length !== (cardBrandOf(number) === 'amex' ? 4 : 3)) errors.cvc = 'card_cvc_invalid';
  const email = draft.email.trim();
  if (email && (email.length > 254 || !EMAIL.test(email))) errors.email = 'card_email_invalid';
  return errors;
}

/** The tokenise body: digits only and "MM/YY" as the processors take it; nothing else leaves the form. */
export function tokenBodyOf(draft: TCardDraft): { number: string; expiration: string; cvc: string } {
  const expiry = parseExpiry(draft.expiry);
  const expiration = expiry ? `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}` : draft.expiry.trim();
  return { number: digitsOf(draft.number), expiration, cvc: draft.cvc.trim() };
}
