import { describe, expect, it } from 'vitest';
import { findCardNumbers, isCardNumber, maskCardNumbers, passesLuhn } from './card-numbers';

describe('passesLuhn / isCardNumber', () => {
  it('accepts the sandbox test cards and rejects a changed digit', () => {
    for (const card of ['4000100011112224', '5555444433332226', '371122223332225', '6011222233332224', '4000300611112224']) {
      expect(isCardNumber(card), card).toBe(true);
      const changed = card.slice(0, -1) + String((Number(card.at(-1)) + 1) % 10);
      expect(passesLuhn(changed), changed).toBe(false);
    }
  });
  it('refuses lengths outside 13–19, issuer ranges outside 2–6 and non-digits', () => {
    expect(isCardNumber('411111111111')).toBe(false); // 12 digits
    expect(isCardNumber('79927398713000000')).toBe(false); // Luhn-valid? irrelevant: starts with 7
    expect(isCardNumber('1234567812345670')).toBe(false); // Luhn-valid, starts with 1
    expect(passesLuhn('1234567812345670')).toBe(true);
    expect(isCardNumber('4111-1111-1111-1111')).toBe(false);
    expect(isCardNumber('41111111111111111111')).toBe(false); // 20 digits
  });
});

describe('maskCardNumbers', () => {
  it('masks cards written as one block, in groups of 4, with dashes, and Amex 4-6-5, keeping the last 4', () => {
    expect(maskCardNumbers('my card is 4000100011112224 thanks').text).toBe('my card is •••• 2224 thanks');
    expect(maskCardNumbers('4000 1000 1111 2224').text).toBe('•••• 2224');
    expect(maskCardNumbers('card: 5555-4444-3333-2226, exp 09/29').text).toBe('card: •••• 2226, exp 09/29');
    expect(maskCardNumbers('amex 3711 222233 32225 ok').text).toBe('amex •••• 2225 ok');
    expect(maskCardNumbers('4000 - 1000 - 1111 - 2224').text).toBe('•••• 2224');
  });

  it('masks a card followed by its expiry and code in one digit run, leaving the rest', () => {
    const r = maskCardNumbers('4000 1000 1111 2224 0929 123');
    expect(r.text).toBe('•••• 2224 0929 123');
    expect(r.masked).toBe(1);
  });

  it('masks several cards in one message and counts them', () => {
    const r = maskCardNumbers('try 4000100011112224 or else 6011 2222 3333 2224.');
    expect(r).toEqual({ text: 'try •••• 2224 or else •••• 2224.', masked: 2 });
  });

  it('leaves phone numbers, dates, times, prices, order numbers and VINs alone', () => {
    const texts = [
      'Call me at +1 (555) 123-4567 or 555-123-4567 tomorrow',
      'Your appointment is on 2026-11-28 at 10:30, order RO-123456',
      'Total due $1,234.56 for invoice 98454685',
      'Tracking 1Z999AA10123456784 and VIN 1HGCM82633A004352',
      'Reference 1234567812345670 (starts with 1, not a card)',
      'Ticket 9999 8888 7777 6666 5555 4444',
      'Order 4000100011112225 does not pass Luhn',
      'Phone +387 61 123 456, mobile 061-123-456',
      '20 digits 41111111111111111111 is a reference, not a card',
    ];
    for (const text of texts) expect(maskCardNumbers(text), text).toEqual({ text, masked: 0 });
  });

  it('reports where each card is', () => {
    const text = 'a 4000100011112224 b';
    expect(findCardNumbers(text)).toEqual([{ start: 2, end: 18, last4: '2224' }]);
  });

  it('stays linear on hostile input (a million digits, grouped and ungrouped)', () => {
    const grouped = '1 '.repeat(500_000);
    const solid = '7'.repeat(1_000_000);
    const dashes = '4-'.repeat(400_000);
    const fours = '4111 '.repeat(200_000);
    const threes = '400-'.repeat(250_000);
    for (const text of [grouped, solid, dashes, fours, threes]) {
      const started = performance.now();
      maskCardNumbers(text);
      // Generous bound: a backtracking pattern takes minutes here; the scan takes well under a second.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('masks a card hidden inside a long run of single digits without missing it', () => {
    const text = `${'1 '.repeat(1000)}x 4000100011112224 ${'2 '.repeat(1000)}`;
    const r = maskCardNumbers(text);
    expect(r.masked).toBe(1);
    expect(r.text).toContain('x •••• 2224 ');
    expect(r.text).not.toContain('4000100011112224');
  });
});
