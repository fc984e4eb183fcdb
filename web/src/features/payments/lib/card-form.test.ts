import { describe, expect, it } from 'vitest';
import { cardBrandOf, formatCardNumberInput, formatExpiryInput, isExpiryPast, luhnValid, parseExpiry, tokenBodyOf, validateCardDraft } from './card-form';

const NOW = new Date(2026, 10, 28); // November 2026
const good = { number: '4000 1000 1111 2224', expiry: '12/29', cvc: '123', email: '' };

describe('card form', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4000100011112224')).toBe(true);
    expect(luhnValid('4000100011112225')).toBe(false);
    expect(luhnValid('371122223332225')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4000a00011112224')).toBe(false);
  });

  it('groups the number as printed: Amex 4-6-5, others by fours, at most 19 digits', () => {
    expect(formatCardNumberInput('4000100011112224')).toBe('4000 1000 1111 2224');
    expect(formatCardNumberInput('4000-1000 1111x2224')).toBe('4000 1000 1111 2224');
    expect(formatCardNumberInput('371122223332225')).toBe('3711 222233 32225');
    expect(formatCardNumberInput('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
    expect(formatCardNumberInput('4000')).toBe('4000');
  });

  it('tells the brand from the first digits', () => {
    expect(cardBrandOf('4000')).toBe('visa');
    expect(cardBrandOf('5555 4444')).toBe('mastercard');
    expect(cardBrandOf('2221')).toBe('mastercard');
    expect(cardBrandOf('3711')).toBe('amex');
    expect(cardBrandOf('6011')).toBe('discover');
    expect(cardBrandOf('9999')).toBe('other');
  });

  it('adds the expiry slash by itself and lets it be deleted', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12/345')).toBe('12/34');
    expect(formatExpiryInput('5')).toBe('05/');
    expect(formatExpiryInput('12', '12/')).toBe('12');
  });

  it('reads MM/YY and knows a card is good through its month', () => {
    expect(parseExpiry('11/26')).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('13/26')).toBeNull();
    expect(parseExpiry('00/26')).toBeNull();
    expect(parseExpiry('1126')).toBeNull();
    expect(isExpiryPast({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(isExpiryPast({ month: 10, year: 2026 }, NOW)).toBe(true);
    expect(isExpiryPast({ month: 1, year: 2025 }, NOW)).toBe(true);
  });

  it('validates every field with a message key, and accepts a good card', () => {
    expect(validateCardDraft(good, NOW)).toEqual({});
    expect(validateCardDraft({ number: '', expiry: '', cvc: '', email: '' }, NOW)).toEqual({
      number: 'card_number_required',
      expiry: 'card_expiry_required',
      cvc: 'card_cvc_required',
    });
    expect(validateCardDraft({ ...good, number: '4000 1000 1111 2225' }, NOW).number).toBe('card_number_invalid');
    expect(validateCardDraft({ ...good, number: '4242' }, NOW).number).toBe('card_number_invalid');
    expect(validateCardDraft({ ...good, expiry: '10/26' }, NOW).expiry).toBe('card_expiry_past');
    expect(validateCardDraft({ ...good, expiry: '14/30' }, NOW).expiry).toBe('card_expiry_invalid');
    expect(validateCardDraft({ ...good, cvc: '12' }, NOW).cvc).toBe('card_cvc_invalid');
    expect(validateCardDraft({ ...good, cvc: '1234' }, NOW).cvc).toBe('card_cvc_invalid');
    // American Express has a 4-digit code.
    expect(validateCardDraft({ ...good, number: '3711 222233 32225', cvc: '1234' }, NOW)).toEqual({});
    expect(validateCardDraft({ ...good, number: '3711 222233 32225', cvc: '123' }, NOW).cvc).toBe('card_cvc_invalid');
    expect(validateCardDraft({ ...good, email: 'not-an-email' }, NOW).email).toBe('card_email_invalid');
    expect(validateCardDraft({ ...good, email: ' pat@example.com ' }, NOW)).toEqual({});
  });

  it('sends digits and MM/YY to the tokenise step, nothing else', () => {
    expect(tokenBodyOf({ ...good, email: 'pat@example.com' })).toEqual({ number: '4000100011112224', expiration: '12/29', cvc: '123' });
  });
});
