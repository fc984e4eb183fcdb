import { describe, expect, it } from 'vitest';
import { dedupe, personalise, scoreOf, textSimilarity } from './suggested-replies.text';

const previous = { firstName: 'Ana', lastName: 'Horvat', phone: '+38761234567' };
const current = { firstName: 'Mara', lastName: 'Kos', phone: '+38762000111' };

describe('suggested reply text rules', () => {
  it('replaces the previous first name as a whole word, any case, and keeps same-customer replies', () => {
    expect(personalise({ text: 'Hi ANA, see you, ana!', previous, current, sameCustomer: false })).toBe('Hi Mara, see you, Mara!');
    // "Ana" inside another word is not a name.
    expect(personalise({ text: 'Banana analysis ready.', previous, current, sameCustomer: false })).toBe('Banana analysis ready.');
    expect(personalise({ text: 'Hi Ana Horvat', previous, current, sameCustomer: true })).toBe('Hi Ana Horvat');
  });

  it('skips a reply naming the previous last name or phone, or a first name with no replacement', () => {
    expect(personalise({ text: 'Dear Mrs Horvat, ready.', previous, current, sameCustomer: false })).toBeNull();
    expect(personalise({ text: 'Call back on 061 234 567.', previous, current, sameCustomer: false })).toBeNull();
    expect(personalise({ text: 'Hi Ana!', previous, current: { ...current, firstName: ' ' }, sameCustomer: false })).toBeNull();
    // Regex characters in a name are taken literally (no error, matched as written).
    expect(personalise({ text: 'Hi (x).', previous: { ...previous, firstName: '(x)' }, current, sameCustomer: false })).toBe('Hi Mara.');
  });

  it('ranks by similarity, nudged by recency and own replies; dedupes near-identical texts', () => {
    expect(scoreOf({ similarity: 0.6, ageDays: 0, own: false })).toBe(0.6);
    expect(scoreOf({ similarity: 0.6, ageDays: 90, own: false })).toBeLessThan(0.6);
    expect(scoreOf({ similarity: 0.6, ageDays: 0, own: true })).toBeGreaterThan(0.6);
    expect(textSimilarity('We open at 8.', 'we open at 8!')).toBe(1);
    expect(dedupe([{ text: 'We open at 8.' }, { text: 'We open at 8!' }, { text: 'Closed on Sunday.' }]).map((x) => x.text)).toEqual([
      'We open at 8.',
      'Closed on Sunday.',
    ]);
  });
});
